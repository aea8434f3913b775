import { randomUUID } from "node:crypto";

import { expect, test } from "@playwright/test";
import { DateTime } from "luxon";

import { seriousA11yViolations } from "./support/a11y";
import { createCourseAsAdmin } from "./support/admin";
import { demoAccount, signInAs, signUpParent } from "./support/auth";
import { openMail } from "./support/mailbox";
import { E2E_PRODUCT_NAME } from "./support/server";
import { lookAt } from "./support/look";

const CASH = `${E2E_PRODUCT_NAME} Cash`;
const PARENT_ZONE = "America/Los_Angeles";
const TEACHER_ZONE = "America/Chicago";
const SECTION_ZONE = "Asia/Kolkata";

// The family's browser (and so its account, made at sign-up) is in Los Angeles; the class is in Kolkata.
test.use({ timezoneId: PARENT_ZONE });

/** "4:30 AM Pacific Time" as a reader in Los Angeles sees an instant; pages add the date and the zone's city. */
const inParentZone = (iso: string) =>
  new Intl.DateTimeFormat("en-US", { timeZone: PARENT_ZONE, hour: "numeric", minute: "2-digit", timeZoneName: "longGeneric" }).format(
    new Date(iso),
  );

test("a teacher cancels one session and proposes a make-up; the parent sees both in their zone, by email and on My courses", async ({
  page,
  browser,
}) => {
  test.slow(); // three people, a course, a section and a checkout on a 2-core machine
  const tag = randomUUID().slice(0, 6);
  const courseTitle = `Tabla Basics ${tag}`;
  const parentEmail = `session.${tag}@example.com`;

  // The admin makes a course and a Kolkata section of the demo teacher, so no other spec's pages change.
  await signInAs(page, "admin");
  await createCourseAsAdmin(page, { title: courseTitle, slug: `e2e-tabla-${tag}`, description: "Rhythm on two drums, one cycle a week." });
  await page.goto("/admin/sections/new");
  await page.getByLabel("Course").selectOption({ label: courseTitle });
  const teacherOption = await page
    .getByLabel("Teacher")
    .locator("option", { hasText: demoAccount("teacher").email })
    .first()
    .textContent();
  await page.getByLabel("Teacher").selectOption({ label: teacherOption!.trim() });
  await page.getByLabel("Price").fill("40.00");
  for (const day of ["Tuesday", "Saturday"]) await page.getByRole("checkbox", { name: day }).check();
  await page.getByLabel("Start time").fill("22:30");
  await page.getByLabel("Time zone").selectOption(SECTION_ZONE);
  await page.getByLabel("Status").selectOption("open");
  await page.getByRole("button", { name: "Create section" }).click();
  await expect(page).toHaveURL(/\/admin\/sections$/);
  const editPath = (await page
    .getByRole("row")
    .filter({ hasText: courseTitle })
    .getByRole("link", { name: /^Edit/ })
    .getAttribute("href"))!;
  const sectionId = /\/(\d+)$/.exec(editPath)![1]!;

  // A family in Los Angeles with $50.00 of Cash enrols its child.
  const parent = await (await browser.newContext({ timezoneId: PARENT_ZONE })).newPage();
  await signUpParent(parent, "Session Parent", parentEmail);
  await page.goto("/admin/orders");
  await page.getByLabel("Account email").fill(parentEmail);
  await page.getByLabel("Amount (negative to debit)").fill("50.00");
  await page
    .getByRole("region", { name: /^Adjust a / })
    .getByLabel("Reason")
    .fill("Session change test credit");
  await page.getByRole("button", { name: `Adjust ${CASH}` }).click();
  await expect(page.getByText(`${parentEmail}: $50.00 recorded`).first()).toBeAttached();
  await parent.goto(`/cart?add=${sectionId}`);
  const panel = parent.getByRole("region", { name: courseTitle });
  await panel.getByLabel("Child's first name").fill("Ravi");
  await panel.getByLabel("Grade", { exact: true }).selectOption({ label: "Grade 4" });
  await panel.getByRole("button", { name: "Add to cart" }).click();
  await parent.getByRole("button", { name: `Pay $40.00 with ${CASH}` }).click();
  await expect(parent.getByRole("heading", { name: "You are enrolled" })).toBeVisible();

  // The teacher opens the section's sessions from their list.
  const teacher = await (await browser.newContext()).newPage();
  await signInAs(teacher, "teacher");
  await teacher.goto("/teacher/sections");
  await teacher
    .getByRole("row")
    .filter({ hasText: courseTitle })
    .getByRole("link", { name: /^Sessions/ })
    .click();
  // A page rendered per request (the teacher's clock), after a client navigation: more than the default 5 s on a busy 2-core machine.
  await expect(teacher.getByRole("heading", { name: `Sessions of ${courseTitle}` })).toBeVisible({ timeout: 15_000 });
  const sessions = teacher.getByRole("listitem").filter({ has: teacher.locator("time") });
  const first = sessions.first();
  const cancelledAt = (await first.locator("time").getAttribute("datetime"))!;

  // A move into the past is refused beside the field; nothing changes.
  const second = sessions.nth(1);
  await second.locator("summary").click();
  await second.getByLabel(/New time/).fill("2020-01-07T10:00");
  await second.getByRole("button", { name: "Move session" }).click();
  await expect(second.getByText("Pick a time in the future.")).toBeVisible();
  await expect(second.getByLabel(/New time/)).toHaveAttribute("aria-invalid", "true");
  await expect(teacher.getByText("Moved", { exact: true })).toHaveCount(0);

  // Cancel asks first, in a dialog that states the rule.
  await first.getByRole("button", { name: /^Cancel/ }).click();
  const dialog = teacher.getByRole("dialog");
  await expect(dialog).toContainText("each paid seat is credited its share of the price");
  await dialog.getByRole("button", { name: "Cancel the session" }).click();
  await expect(first.getByText("Cancelled", { exact: true })).toBeVisible();

  // The make-up: two days later at 07:00, typed on the teacher's own clock (the demo teacher's: Chicago), the zone the page names.
  const makeup = DateTime.fromISO(cancelledAt).setZone(TEACHER_ZONE).plus({ days: 2 }).set({ hour: 7, minute: 0 });
  const makeupAt = makeup.toUTC().toISO()!;
  await first.getByLabel(/Make-up session/).fill(makeup.toFormat("yyyy-MM-dd'T'HH:mm"));
  await first.getByRole("button", { name: "Propose make-up" }).click();
  await expect(first).toContainText("Make-up session: ");
  await expect(first).toContainText("Central Time (Chicago)");
  await lookAt(teacher, "teacher-sessions");
  expect(await seriousA11yViolations(teacher)).toEqual([]);

  // The parent sees both on My courses, in Los Angeles time.
  await parent.goto("/my-courses");
  const changes = parent.getByRole("list", { name: "Schedule changes for Ravi" });
  await expect(changes).toContainText(`Cancelled: the session of`);
  await expect(changes).toContainText(`${inParentZone(cancelledAt)} (Los Angeles)`);
  await expect(changes).toContainText(`Make-up session: `);
  await expect(changes).toContainText(`${inParentZone(makeupAt)} (Los Angeles)`);
  await lookAt(changes, "my-courses-changes", { fullPage: false });

  // And by email, each with the same times in their zone.
  const cancelled = await openMail(parent, parentEmail, `One ${courseTitle} session is cancelled`);
  await expect(cancelled).toContainText(`${inParentZone(cancelledAt)} (Los Angeles)`);
  const makeupMail = await openMail(parent, parentEmail, `A make-up session for ${courseTitle}`);
  await expect(makeupMail).toContainText(`Make-up session: `);
  await expect(makeupMail).toContainText(`${inParentZone(makeupAt)} (Los Angeles)`);
  await lookAt(parent, "makeup-mail");
});
