import { randomUUID } from "node:crypto";

import { expect, test, type Page } from "@playwright/test";

import { seriousA11yViolations } from "./support/a11y";
import { createCourseAsAdmin, createSectionAsAdmin } from "./support/admin";
import { signInAs, signUpParent } from "./support/auth";
import { openMail, verifyByMail } from "./support/mailbox";
import { E2E_PRODUCT_NAME } from "./support/server";
import { lookAt } from "./support/look";

const CASH = `${E2E_PRODUCT_NAME} Cash`;

/** The admin gives a parent $100.00 of Cash. */
async function credit(admin: Page, email: string) {
  await admin.goto("/admin/orders");
  await admin.getByLabel("Account email").fill(email);
  await admin.getByLabel("Amount (negative to debit)").fill("100.00");
  await admin
    .getByRole("region", { name: /^Adjust a / })
    .getByLabel("Reason")
    .fill("Waitlist test credit");
  await admin.getByRole("button", { name: `Adjust ${CASH}` }).click();
  await expect(admin.getByText(`${email}: $100.00 recorded`).first()).toBeAttached();
}

/**
 * Issue 27, waitlists: a full class → a family joins its waitlist and sees its place → a seat frees
 * (another family withdraws) → the waiting parent is emailed, sees the offer with its deadline on
 * /my-courses, and enrols in one click.
 */
test("a full class: join the waitlist, see the place in line; a seat frees; the offer on /my-courses enrols the child", async ({
  page,
  browser,
}) => {
  test.slow(); // three browsers, two sign-ups, a course and a section on a 2-core machine
  const tag = randomUUID().slice(0, 6);
  const courseTitle = `Pottery Basics ${tag}`;
  const slug = `e2e-pottery-${tag}`;
  const seatedEmail = `seated.${tag}@example.com`;
  const waitingEmail = `waiting.${tag}@example.com`;

  // The admin makes a course with a one-seat section of its own.
  await signInAs(page, "admin");
  await createCourseAsAdmin(page, { title: courseTitle, slug, description: "Bowls, cups, one a week." });
  const sectionId = /\/(\d+)$/.exec(
    await createSectionAsAdmin(page, { courseTitle, price: "40.00", days: ["Monday", "Wednesday"], capacity: "1" }),
  )![1]!;

  // One family takes the only seat.
  const seated = await (await browser.newContext()).newPage();
  await signUpParent(seated, "Seated Parent", seatedEmail);
  await credit(page, seatedEmail);
  await seated.goto(`/cart?add=${sectionId}`);
  const panel = seated.getByRole("region", { name: courseTitle });
  await panel.getByLabel("Child's first name").fill("Bo");
  await panel.getByLabel("Grade", { exact: true }).selectOption({ label: "Grade 4" });
  await panel.getByRole("button", { name: "Add to cart" }).click();
  await seated.getByRole("button", { name: `Pay $40.00 with ${CASH}` }).click();
  await expect(seated.getByRole("heading", { name: "You are enrolled" })).toBeVisible();

  // Another family, with a child on the account, finds the class full and joins its waitlist.
  const waiting = await (await browser.newContext()).newPage();
  await signUpParent(waiting, "Waiting Parent", waitingEmail);
  // Issue 40: a waitlist takes a verified email (the offer of a seat is sent there).
  await verifyByMail(waiting, waitingEmail);
  await credit(page, waitingEmail);
  await waiting.goto("/my-courses");
  await waiting.locator("#learner-new-firstName").fill("Cy");
  await waiting.locator("#learner-new-grade").selectOption({ label: "Grade 5" });
  await waiting.getByRole("button", { name: "Add child" }).click();
  await expect(waiting.getByRole("region", { name: "Your children" })).toContainText("Cy");

  await waiting.goto(`/courses/${slug}`);
  const classes = waiting.getByRole("region", { name: "Upcoming classes" });
  await expect(classes).toContainText("Seats left0");
  await expect(classes).toContainText("This class is full.");
  await expect(classes.getByRole("link", { name: /^Enrol in/ })).toHaveCount(0);
  await classes.getByRole("link", { name: /^Join the waitlist/ }).click();
  await expect(waiting).toHaveURL(new RegExp(`/waitlist\\?section=${sectionId}$`));
  await expect(waiting.getByRole("heading", { name: "Join the waitlist" })).toBeVisible();
  await waiting.getByLabel("Which child?").selectOption({ label: "Cy" });
  await waiting.getByRole("button", { name: "Join the waitlist" }).click();
  await expect(waiting.getByRole("status").filter({ hasText: "in line" })).toHaveText(`Cy is number 1 in line for ${courseTitle}.`);
  const places = waiting.getByRole("region", { name: "Your places in line for this class" });
  await expect(places).toContainText("Number 1 in line.");
  // Cy is in line: the form no longer offers her (joining twice is refused by the server too: Jest).
  await expect(waiting.getByLabel("Which child?")).toHaveCount(0);
  await expect(places.getByTestId("waitlist-entry")).toHaveCount(1);
  await waiting.getByRole("button", { name: "I Understand" }).click();
  expect(await seriousA11yViolations(waiting)).toEqual([]);
  await lookAt(waiting, "waitlist-joined");

  // The course page now shows the line.
  await waiting.goto(`/courses/${slug}`);
  await expect(classes).toContainText("This class is full. 1 child is in line.");
  await lookAt(waiting, "course-page-waitlist");

  // The seated family withdraws: the seat frees and is offered to Cy, not put on sale.
  await seated.goto("/my-courses");
  await seated.getByRole("button", { name: `Withdraw Bo from ${courseTitle}` }).click();
  await seated
    .getByRole("dialog", { name: `Withdraw Bo from ${courseTitle}?` })
    .getByRole("button", { name: "Withdraw and refund" })
    .click();
  await expect(seated.getByText(`Bo has been withdrawn from ${courseTitle}.`).first()).toBeVisible();
  await seated.goto(`/courses/${slug}`);
  await expect(seated.getByRole("region", { name: "Upcoming classes" })).toContainText("This class is full. 1 child is in line.");

  // The offer by email, with its deadline and Enrol now.
  const mail = await openMail(page, waitingEmail, new RegExp(`^A seat is free in ${courseTitle} for Cy$`));
  await expect(mail).toContainText(`A seat is free in ${courseTitle} for Cy until`);
  await expect(mail).toContainText("Enrol now: http");

  // The waiting parent sees it on /my-courses and enrols in one click.
  await waiting.goto("/my-courses");
  const waitlists = waiting.getByRole("region", { name: "Your waitlists" });
  await expect(waitlists).toContainText(`${courseTitle} for Cy`);
  await expect(waitlists).toContainText("A seat is free for Cy: enrol by");
  await waitlists.scrollIntoViewIfNeeded();
  await lookAt(waiting, "my-courses-offer");
  await waitlists.getByRole("button", { name: "Enrol now" }).click();
  await expect(waiting.getByRole("heading", { name: "You are enrolled" })).toBeVisible();
  await waiting.goto("/my-courses");
  await expect(waiting.getByRole("region", { name: "Your waitlists" })).toHaveCount(0);
  await expect(waiting.getByRole("region", { name: "Your enrolments" })).toContainText(`${courseTitle} for Cy`);
});
