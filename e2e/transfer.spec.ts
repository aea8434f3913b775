import { randomUUID } from "node:crypto";

import { expect, test, type Page } from "@playwright/test";

import { seriousA11yViolations } from "./support/a11y";
import { createCourseAsAdmin } from "./support/admin";
import { signInAs, signUpParent } from "./support/auth";
import { openMail } from "./support/mailbox";
import { brandPaths, E2E_PRODUCT_NAME } from "./support/server";
import { lookAt } from "./support/look";

const CASH = `${E2E_PRODUCT_NAME} Cash`;
const ZONE = "America/Los_Angeles";

test.use({ timezoneId: ZONE });

/** An open section of the course, made by the admin in New York time; its id. */
async function newSection(admin: Page, courseTitle: string, section: { price: string; days: string[]; startTime: string }) {
  await admin.goto("/admin/sections/new");
  await admin.getByLabel("Course").selectOption({ label: courseTitle });
  await admin.getByLabel("Price").fill(section.price);
  await admin.getByLabel("Start time").fill(section.startTime);
  await admin.getByLabel("Time zone").selectOption("America/New_York");
  for (const day of section.days) await admin.getByRole("checkbox", { name: day }).check();
  await admin.getByLabel("Status").selectOption("open");
  await admin.getByRole("button", { name: "Create section" }).click();
  await expect(admin).toHaveURL(/\/admin\/sections$/);
}

/**
 * Issue 27, transfers: a parent moves a seat from /my-courses to another section of the same course
 * (a dearer one: the difference comes from Cash) and sees the new times in their own zone; the
 * email tells them too, with the calendar invite.
 */
test("a parent moves a seat to another section from /my-courses and sees the new times in their zone", async ({ page, browser }) => {
  test.slow();
  const tag = randomUUID().slice(0, 6);
  const courseTitle = `Chess Openings ${tag}`;
  const email = `mover.${tag}@example.com`;

  await signInAs(page, "admin");
  await createCourseAsAdmin(page, { title: courseTitle, slug: `e2e-chess-${tag}`, description: "Openings, one a week." });
  await newSection(page, courseTitle, { price: "40.00", days: ["Monday", "Wednesday"], startTime: "16:00" });
  await newSection(page, courseTitle, { price: "55.00", days: ["Tuesday", "Thursday"], startTime: "18:30" });
  const rows = page.getByRole("row").filter({ hasText: courseTitle });
  await expect(rows).toHaveCount(2);
  const href = await rows.filter({ hasText: "$40.00" }).getByRole("link", { name: /^Edit/ }).getAttribute("href");
  const firstId = /\/(\d+)$/.exec(href ?? "")![1]!;

  const parent = await (await browser.newContext({ timezoneId: ZONE })).newPage();
  await signUpParent(parent, "Moving Parent", email);
  // $60.00 of Cash: $40.00 for the first seat, $15.00 of it for the move.
  await page.goto("/admin/orders");
  await page.getByLabel("Account email").fill(email);
  await page.getByLabel("Amount (negative to debit)").fill("60.00");
  await page
    .getByRole("region", { name: /^Adjust a / })
    .getByLabel("Reason")
    .fill("Transfer test credit");
  await page.getByRole("button", { name: `Adjust ${CASH}` }).click();
  await expect(page.getByText(`${email}: $60.00 recorded`).first()).toBeAttached();

  await parent.goto(`/cart?add=${firstId}`);
  const panel = parent.getByRole("region", { name: courseTitle });
  await panel.getByLabel("Child's first name").fill("Mo");
  await panel.getByLabel("Grade", { exact: true }).selectOption({ label: "Grade 3" });
  await panel.getByRole("button", { name: "Add to cart" }).click();
  await parent.getByRole("button", { name: `Pay $40.00 with ${CASH}` }).click();
  await expect(parent.getByRole("heading", { name: "You are enrolled" })).toBeVisible();

  await parent.goto("/my-courses");
  const enrolments = parent.getByRole("region", { name: "Your enrolments" });
  await expect(enrolments).toContainText("Mondays and Wednesdays 1:00 PM Pacific Time (Los Angeles)");
  await enrolments.getByText("Move to another time").click();
  const choice = enrolments.getByRole("radio", { name: /Tuesdays and Thursdays 3:30 PM Pacific Time \(Los Angeles\).*\$15\.00 more/ });
  await expect(choice).toBeChecked();
  expect(await seriousA11yViolations(parent)).toEqual([]);
  await parent.getByRole("button", { name: "Move Mo's seat" }).click();
  await expect(parent.getByText(`Mo moved to the new section of ${courseTitle}. $15.00 was taken from your Cash.`).first()).toBeVisible();

  await parent.goto("/my-courses");
  await expect(enrolments).toContainText(`${courseTitle} for Mo`);
  await expect(enrolments).toContainText("Tuesdays and Thursdays 3:30 PM Pacific Time (Los Angeles)");
  await expect(enrolments).toContainText(/Next session: (Tue|Thu), .* 3:30 PM Pacific Time \(Los Angeles\)/);
  // The seat's times are the new section's; the old one is now a section to move back to (the $15.00 back to Cash).
  await expect(enrolments.getByText("Tuesdays and Thursdays 3:30 PM Pacific Time (Los Angeles)", { exact: true })).toBeVisible();
  await enrolments.getByText("Move to another time").click();
  await expect(
    enrolments.getByRole("radio", { name: /Mondays and Wednesdays 1:00 PM Pacific Time \(Los Angeles\).*\$15\.00 back to your Cash/ }),
  ).toBeAttached();
  await enrolments.scrollIntoViewIfNeeded();
  await lookAt(parent, "transfer-my-courses");

  const mail = await openMail(page, email, new RegExp(`^Mo moved to new times for ${courseTitle}$`));
  await expect(mail).toContainText("3:30 PM Pacific Time (Los Angeles)");
  await expect(mail).toContainText("$15.00 (the difference in price) was taken from your");
  await lookAt(page, "transfers-mail");
});

/**
 * A move that costs more than the family's Cash: the form offers the card for what is missing (as
 * checkout does), not a dead end; paid on the TEST page, the family is back in the same move with the
 * Cash there (issue 41), and the move goes through.
 */
test("moving to a dearer section without the Cash offers the card, and after paying the family is back in the move and it goes through", async ({
  page,
  browser,
}) => {
  test.slow();
  const tag = randomUUID().slice(0, 6);
  const courseTitle = `Chess Endgames ${tag}`;
  const email = `short.${tag}@example.com`;

  await signInAs(page, "admin");
  await createCourseAsAdmin(page, { title: courseTitle, slug: `e2e-endgames-${tag}`, description: "Endgames, one a week." });
  await newSection(page, courseTitle, { price: "40.00", days: ["Monday", "Wednesday"], startTime: "16:00" });
  await newSection(page, courseTitle, { price: "55.00", days: ["Tuesday", "Thursday"], startTime: "18:30" });
  const rows = page.getByRole("row").filter({ hasText: courseTitle });
  await expect(rows).toHaveCount(2);
  const href = await rows.filter({ hasText: "$40.00" }).getByRole("link", { name: /^Edit/ }).getAttribute("href");
  const firstId = /\/(\d+)$/.exec(href ?? "")![1]!;

  const parent = await (await browser.newContext({ timezoneId: ZONE })).newPage();
  await signUpParent(parent, "Short Parent", email);
  // Exactly the first seat's price: nothing left for the move.
  await page.goto("/admin/orders");
  await page.getByLabel("Account email").fill(email.toUpperCase());
  await page.getByLabel("Amount (negative to debit)").fill("40.00");
  await page
    .getByRole("region", { name: /^Adjust a / })
    .getByLabel("Reason")
    .fill("Transfer test credit");
  await page.getByRole("button", { name: `Adjust ${CASH}` }).click();
  // Found whatever the letter case typed.
  await expect(page.getByText("$40.00 recorded").first()).toBeAttached();

  await parent.goto(`/cart?add=${firstId}`);
  const panel = parent.getByRole("region", { name: courseTitle });
  await panel.getByLabel("Child's first name").fill("Ida");
  await panel.getByLabel("Grade", { exact: true }).selectOption({ label: "Grade 3" });
  await panel.getByRole("button", { name: "Add to cart" }).click();
  await parent.getByRole("button", { name: `Pay $40.00 with ${CASH}` }).click();
  await expect(parent.getByRole("heading", { name: "You are enrolled" })).toBeVisible();

  await parent.goto("/my-courses");
  const enrolments = parent.getByRole("region", { name: "Your enrolments" });
  await enrolments.getByText("Move to another time").click();
  await expect(enrolments.getByRole("radio", { name: /\$15\.00 more, from your Cash or by card/ })).toBeChecked();
  await parent.getByRole("button", { name: "Move Ida's seat" }).click();
  await expect(enrolments.getByText(/Add \$15\.00 to your .* by card below, then move the seat/)).toBeVisible();
  await enrolments.getByRole("button", { name: "Add $15.00 by card" }).click();

  await expect(parent).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/c\/pay\/cs_test_[0-9a-f]+$/);
  await expect(parent.getByRole("heading", { level: 1 })).toHaveText("Pay $15.00");
  await parent.getByLabel("Card number").fill("4242 4242 4242 4242");
  await parent.getByRole("button", { name: "Pay $15.00" }).click();

  // Issue 41: Stripe's page sends the family back into the same move, not to the wallet: open, the
  // same section chosen, the Cash now covering it, its button the next thing to press.
  await expect(parent).toHaveURL(/\/my-courses\?move=\d+&to=\d+&top_up=[0-9a-f-]{36}$/);
  await expect(
    enrolments.getByText(`Your top-up of $15.00 was added to your ${CASH}, which is now $15.00: enough for this move ($15.00 more).`),
  ).toBeVisible();
  await expect(
    enrolments.getByRole("radio", { name: /Tuesdays and Thursdays 3:30 PM Pacific Time \(Los Angeles\).*\$15\.00 more/ }),
  ).toBeChecked();
  const move = parent.getByRole("button", { name: "Move Ida's seat" });
  await expect(move).toBeVisible();
  await expect(move).toBeFocused();
  expect(await seriousA11yViolations(parent)).toEqual([]);
  await lookAt(parent, "transfer-after-top-up");
  await move.click();
  await expect(parent.getByText(`Ida moved to the new section of ${courseTitle}. $15.00 was taken from your Cash.`).first()).toBeVisible();

  // The seat is in the new section, and the Cash paid for it: $40.00 + $15.00 in, $40.00 + $15.00 out.
  await parent.goto("/my-courses");
  await expect(enrolments).toContainText(`${courseTitle} for Ida`);
  await expect(enrolments.getByText("Tuesdays and Thursdays 3:30 PM Pacific Time (Los Angeles)", { exact: true })).toBeVisible();
  await parent.goto(brandPaths.wallet);
  await expect(parent.getByTestId("wallet-balance")).toHaveText("$0.00");
  await parent.context().close();
});
