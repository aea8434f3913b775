import { expect, test } from "@playwright/test";

import { seriousA11yViolations } from "./support/a11y";
import { demoAccount, signIn, signUpParent } from "./support/auth";
import { openMail } from "./support/mailbox";
import { lookAt } from "./support/look";

/**
 * Issue 40: a parent reports a concern from a teacher's page; it reaches support's Safety queue
 * with its 24-hour clock; support suspends the teacher (their classes go off sale) and closes the
 * report; the parent sees it closed under "Your reports" and gets the email saying so. The seed's
 * Herr Becker (the only teacher of guitar-basics, which no other spec uses) is the one reported.
 */
test("a parent's report reaches support's queue, the teacher is suspended and the parent is told it is closed", async ({
  page,
  browser,
}) => {
  test.slow(); // two browsers on a 2-core machine
  const parentName = `Reporting Parent ${Date.now().toString(36)}`;
  const email = await signUpParent(page, parentName);

  await page.goto("/courses/guitar-basics");
  await page.getByRole("link", { name: "Herr Becker" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Herr Becker" })).toBeVisible();
  const teacherUrl = page.url();
  await page.getByRole("link", { name: "Report a concern about this teacher" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Report a concern" })).toBeVisible();
  await expect(page.getByText("About: Teacher: Herr Becker")).toBeVisible();

  // Empty details are refused with a message, nothing filed.
  await page.getByLabel("Asking for contact details or to talk off the platform").check();
  await page.getByLabel("What happened?").fill("   ");
  await page.getByRole("button", { name: "Send the report" }).click();
  await expect(page.getByText("Tell us what happened.").first()).toBeVisible();

  await page.getByLabel("Asking for contact details or to talk off the platform").check();
  await page.getByLabel("What happened?").fill("He asked my son for his phone number after the trial class.");
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Send the report" }).click();
  await expect(page.getByRole("status").filter({ hasText: /^Thank you\. Our support team has your report/ })).toBeVisible();
  await lookAt(page, "report-concern-sent");

  // Support: the report is in the queue with its clock; suspend the teacher and close it.
  const support = await (await browser.newContext()).newPage();
  await signIn(support, demoAccount("support").email, demoAccount("support").password);
  await support.goto("/support/safety");
  const row = support.getByRole("row").filter({ hasText: parentName });
  await expect(row).toContainText("Teacher: Herr Becker");
  await expect(row).toContainText("New");
  expect(await seriousA11yViolations(support)).toEqual([]);
  await lookAt(support, "report-concern-queue");
  await row.getByRole("link", { name: "Teacher: Herr Becker" }).click();
  await expect(support.getByText("He asked my son for his phone number")).toBeVisible();
  await support
    .getByRole("button", { name: "Suspend the teacher (classes closed, sessions not yet held refunded to Cash, families told)" })
    .click();
  await expect(support.getByText("The teacher is suspended: their classes are off sale").first()).toBeVisible();
  await support.getByLabel("Status", { exact: true }).selectOption("closed");
  await support.getByLabel("Note (support only)").fill("Spoke to the teacher; suspended pending review.");
  await support.getByRole("button", { name: "Save" }).click();
  await expect(support.getByText("Saved: Closed.").first()).toBeVisible();
  await support.reload();
  await expect(support.getByText("Spoke to the teacher; suspended pending review.")).toBeVisible();
  await expect(support.getByRole("list").filter({ hasText: "concern.action.suspend-teacher" })).toContainText("concern.closed");
  await lookAt(support, "report-concern-closed");

  // Off sale: the teacher's page is gone and the course lists no class of theirs.
  expect((await page.request.get(teacherUrl)).status()).toBe(404);
  await page.goto("/courses/guitar-basics");
  await expect(page.getByRole("link", { name: "Herr Becker" })).toHaveCount(0);

  // The reporter is told: under "Your reports", and by email.
  await page.goto("/report");
  await expect(page.getByRole("region", { name: "Your reports" })).toContainText(/Teacher: Herr Becker.*Closed/);
  await lookAt(page, "report-concern-yours");
  const mail = await openMail(page, email, "Your report has been closed");
  await expect(mail).toContainText("Report about: Teacher: Herr Becker");
});
