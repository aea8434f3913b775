import { randomUUID } from "node:crypto";

import { expect, test, type Browser, type Page } from "@playwright/test";

import { scanPage, seriousA11yViolations } from "./support/a11y";
import { signInAs, signUpParent } from "./support/auth";
import { createFreeSection, enrolNewFamily } from "./support/classroom";
import { lookAt } from "./support/look";

/**
 * Issue 19, the live class. The embedded default seeds a class of the demo teacher (America/Chicago)
 * that began three weeks ago: the demo student's Sam attended three sessions, two children of a
 * seeded family too, one review approved and one pending (lib/wiring/seed/live-class.ts).
 */
const ZONE = "America/Chicago";
const SEEDED_COURSE = "Scratch Game Design";
/** The seeded section's price: it tells its row apart from the other Scratch sections in the teacher's list. */
const SEEDED_PRICE = "$89.00";
const NEW_COURSE = "Python for Young Coders";
/** The joining family's child (its own account, so no other spec shares its cart). */
const CHILD = "Kit";

test.use({ timezoneId: ZONE });

async function newPage(browser: Browser) {
  return (await browser.newContext({ timezoneId: ZONE })).newPage();
}

/** The seeded running section's id, from its row in the teacher's list. */
async function seededSectionId(teacher: Page): Promise<string> {
  await teacher.goto("/teacher/sections");
  const row = teacher.getByRole("row").filter({ hasText: SEEDED_COURSE }).filter({ hasText: SEEDED_PRICE });
  const href = await row.getByRole("link").first().getAttribute("href");
  return /\/(\d+)$/.exec(href ?? "")![1]!;
}

test("the Join button opens 10 minutes before the start, for the booked parent only", async ({ browser, page }) => {
  // Waits for the real clock to reach the window (one to three minutes).
  test.setTimeout(360_000);

  // The teacher creates a section whose first session starts 12 to 13 minutes from now (the form takes whole minutes).
  const start = new Date(Math.ceil((Date.now() + 12 * 60_000) / 60_000) * 60_000);
  const opensAt = start.getTime() - 10 * 60_000;
  const teacher = await newPage(browser);
  await signInAs(teacher, "teacher");
  // Free, so the demo family's wallet (other specs count it) is untouched.
  const sectionId = await createFreeSection(teacher, { course: NEW_COURSE, start, zone: ZONE, capacity: 4 });
  const joinPath = `/api/classes/join?section=${sectionId}`;

  // A family of its own enrols its child through the cart: the demo student's cart is shared with
  // the checkout spec, which may have a seat in it at this very moment.
  await enrolNewFamily(page, { parent: "Joining Parent", child: CHILD, course: NEW_COURSE, sectionId, grade: "Grade 5" });

  await page.goto("/my-courses");
  const classes = page.getByRole("region", { name: "Your live classes" });
  const line = classes.getByRole("listitem").filter({ hasText: `${NEW_COURSE} · ${CHILD}` });
  await expect(line).toContainText(`Next session: `);
  const joinLink = line.getByRole("link", { name: /^Join/ });
  if (Date.now() < opensAt - 5_000) {
    // Before the window: a disabled button, and the route refuses to hand out the link.
    await expect(line.getByRole("button", { name: /^Join .*opens 10 minutes before/ })).toBeDisabled();
    await expect(line).toContainText("Opens 10 minutes before the start");
    const early = await page.request.get(joinPath, { maxRedirects: 0 });
    expect(early.status()).toBe(409);
    expect((await early.json()).message).toBe("The class opens 10 minutes before it starts and closes when it ends.");
    await page.getByRole("button", { name: "I Understand" }).click();
    await lookAt(page, "my-courses-join-early");
  }
  // The page flips by itself at the window's start, without a reload.
  await expect(joinLink).toBeVisible({ timeout: Math.max(10_000, opensAt - Date.now() + 15_000) });
  await expect(joinLink).toHaveAttribute("href", joinPath);
  const joined = await page.request.get(joinPath, { maxRedirects: 0 });
  expect(joined.status()).toBe(303);
  // The classroom in the product (the e2e server runs its own media server: e2e/classroom.spec.ts goes in).
  expect(joined.headers().location).toBe(`/classroom/${sectionId}`);
  // The caption went with the disabled button.
  await expect(line).not.toContainText("Opens 10 minutes before");
  await line.scrollIntoViewIfNeeded();
  await lookAt(page, "my-courses-join-open");

  // The teacher of the section gets the link too, from the dashboard.
  await teacher.goto("/teacher/dashboard");
  expect((await teacher.request.get(joinPath, { maxRedirects: 0 })).status()).toBe(303);

  // Another signed-in parent: no such class on their page, and a 403 without the link from the route.
  const stranger = await newPage(browser);
  await signUpParent(stranger, "Other Parent");
  await stranger.goto("/my-courses");
  await expect(stranger.getByRole("region", { name: "Your live classes" })).toContainText("No confirmed classes yet.");
  await expect(stranger.getByRole("main").getByRole("link", { name: /^Join/ })).toHaveCount(0);
  const refused = await stranger.request.get(joinPath, { maxRedirects: 0 });
  expect(refused.status()).toBe(403);
  const body = await refused.text();
  expect(JSON.parse(body).message).toBe("That class is not one you are booked into.");
  expect(body).not.toContain("meet.jit.si");
});

test("attendance the teacher marks shows on the parent's page", async ({ browser, page }) => {
  test.slow(); // two browsers, three pages scanned, on a 2-core machine
  await signInAs(page, "teacher");
  const sectionId = await seededSectionId(page);

  // The sheet opens on the latest session that started (the seed marked only the first four).
  const sheet = await scanPage(page, `/teacher/sections/${sectionId}/attendance`);
  expect(sheet.status).toBe(200);
  expect(sheet.violations).toEqual([]);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Attendance: ${SEEDED_COURSE}`);
  const sessionHeading = page.getByRole("heading", { name: /^Session of / });
  const sessionLabel = (await sessionHeading.textContent())!.replace(/^Session of /, "");
  for (const [name, status] of [
    ["Sam", "Late"],
    ["Ava", "Present"],
    ["Leo", "Absent"],
  ] as const) {
    await page
      .getByRole("group", { name: new RegExp(`^${name} \\(grade`) })
      .getByRole("radio", { name: status })
      .check();
  }
  const note = `Camera trouble ${randomUUID().slice(0, 6)}`;
  await page.getByLabel("Note for Sam (optional)").fill(note);
  await page.getByRole("button", { name: "Save attendance" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Attendance saved for 3 learners." })).toBeVisible();
  await lookAt(page, "attendance-sheet");
  await page.reload();
  await expect(page.getByRole("group", { name: /^Sam \(grade/ }).getByRole("radio", { name: "Late" })).toBeChecked();

  const parent = await newPage(browser);
  await signInAs(parent, "student");
  await parent.goto("/my-courses");
  const table = parent.getByRole("table", { name: "Attendance" });
  const marked = table.getByRole("row").filter({ hasText: note });
  await expect(marked).toContainText("Late");
  await expect(marked).toContainText(SEEDED_COURSE);
  await expect(marked).toContainText("Sam");
  // In the parent's own zone, named (the demo account's zone is whatever browser first adopted it, as other specs run first):
  // "4:00 PM Central Time (Chicago)", or "10:00 PM UTC".
  await expect(marked).toContainText(/\d{1,2}:\d{2}\s?[AP]M (.+ \([A-Za-z_ -]+\)|UTC)/);
  expect(sessionLabel).toMatch(/Central Time \(Chicago\)/);
  // The seeded history is there too: three attended sessions and one absence.
  await expect(table.getByRole("row").filter({ hasText: "Away, family trip" })).toContainText("Absent");
  await parent.getByRole("button", { name: "I Understand" }).click();
  expect(await seriousA11yViolations(parent)).toEqual([]);
  await lookAt(parent, "my-courses-attendance");
});

test("a parent's review shows on the course page once support approves it", async ({ browser, page }) => {
  test.slow();
  // Before: the seeded approved review (5 stars), one of them.
  await page.goto("/courses/scratch-game-design");
  await expect(page.getByTestId("course-rating")).toHaveText(/5\.0 out of 5 from 1 parent review$/);

  const parent = await newPage(browser);
  await signInAs(parent, "student");
  await parent.goto("/my-courses");
  const form = parent.getByRole("region", { name: "Review a course" });
  await expect(form.getByRole("heading", { name: `Rate ${SEEDED_COURSE} for Sam` })).toBeVisible();
  const comment = `Sam made a maze game ${randomUUID().slice(0, 6)}`;
  // One form per course Sam may rate (the seeded ended class is another): this course's.
  const courseForm = form.locator("form").filter({ has: parent.getByRole("heading", { name: `Rate ${SEEDED_COURSE} for Sam` }) });
  await courseForm.getByLabel("Rating").selectOption({ label: "4 stars" });
  await courseForm.getByLabel("Comment (optional)").fill(comment);
  await courseForm.getByRole("button", { name: "Send review" }).click();
  await expect(
    parent.getByText(`Thank you: your review of ${SEEDED_COURSE} will show on its page once our team has read it.`),
  ).toBeVisible();
  await expect(form.getByRole("heading", { name: `Rate ${SEEDED_COURSE} for Sam` })).toHaveCount(0);

  // Pending: not on the course page yet.
  await page.reload();
  await expect(page.getByTestId("course-rating")).toHaveText(/5\.0 out of 5 from 1 parent review$/);

  const support = await newPage(browser);
  await signInAs(support, "support");
  const scan = await scanPage(support, "/support/dashboard");
  expect(scan.violations).toEqual([]);
  const queue = support.getByRole("region", { name: "Reviews to moderate" });
  // The seeded pending review is waiting too.
  await expect(queue.getByRole("listitem").filter({ hasText: "(for Leo)" })).toBeVisible();
  const mine = queue.getByRole("listitem").filter({ hasText: comment });
  await expect(mine).toContainText(`${SEEDED_COURSE}: 4 of 5 (for Sam)`);
  await mine.scrollIntoViewIfNeeded();
  await lookAt(support, "support-reviews");
  await mine.getByRole("button", { name: /^Approve/ }).click();
  await expect(mine).toHaveCount(0);

  await page.reload();
  await expect(page.getByTestId("course-rating")).toHaveText(/4\.5 out of 5 from 2 parent reviews$/);
  await page.getByTestId("course-rating").scrollIntoViewIfNeeded();
  await lookAt(page, "course-rating", { fullPage: false });
});
