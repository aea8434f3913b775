import { randomUUID } from "node:crypto";

import { expect, test } from "@playwright/test";

import { seriousA11yViolations } from "./support/a11y";
import { createCourseAsAdmin, createSectionAsAdmin } from "./support/admin";
import { signInAs, signUpParent } from "./support/auth";
import { brandPaths, E2E_PRODUCT_NAME } from "./support/server";
import { lookAt } from "./support/look";

const CASH = `${E2E_PRODUCT_NAME} Cash`;

test("an admin closing a section with an enrolled learner confirms the withdrawal and refund the form states; the family gets its money back", async ({
  page,
  browser,
}) => {
  test.slow(); // two browsers, a sign-up, a course and a section made on a 2-core machine
  const tag = randomUUID().slice(0, 6);
  const courseTitle = `Origami Club ${tag}`;
  const parentEmail = `close.${tag}@example.com`;
  const child = "Rumi";

  // The admin makes a course and a $75.00 section of its own, so no other spec's course page changes.
  await signInAs(page, "admin");
  await createCourseAsAdmin(page, {
    title: courseTitle,
    slug: `e2e-origami-${tag}`,
    description: "Folding paper together, one model a week.",
  });
  const editPath = await createSectionAsAdmin(page, { courseTitle, price: "75.00", days: ["Monday", "Wednesday"] });
  const sectionId = /\/(\d+)$/.exec(editPath)![1]!;

  // A family of its own, with $100.00 of Cash from the admin, enrols its child and pays $75.00.
  const parent = await (await browser.newContext()).newPage();
  await signUpParent(parent, "Closing Parent", parentEmail);
  await page.goto("/admin/orders");
  await page.getByLabel("Account email").fill(parentEmail);
  await page.getByLabel("Amount (negative to debit)").fill("100.00");
  await page
    .getByRole("region", { name: /^Adjust a / })
    .getByLabel("Reason")
    .fill("Section close test credit");
  await page.getByRole("button", { name: `Adjust ${CASH}` }).click();
  await expect(page.getByText(`${parentEmail}: $100.00 recorded`).first()).toBeAttached();
  await parent.goto(`/cart?add=${sectionId}`);
  const panel = parent.getByRole("region", { name: courseTitle });
  await panel.getByLabel("Child's first name").fill(child);
  await panel.getByLabel("Grade", { exact: true }).selectOption({ label: "Grade 4" });
  await panel.getByRole("button", { name: "Add to cart" }).click();
  await parent.getByRole("button", { name: `Pay $75.00 with ${CASH}` }).click();
  await expect(parent.getByRole("heading", { name: "You are enrolled" })).toBeVisible();

  // Choosing Closed shows what it withdraws and refunds; saving without the box ticked is refused beside it.
  await page.goto(editPath);
  const confirmation = page.getByRole("group", { name: "Families are booked into this section" });
  await expect(confirmation).toHaveCount(0);
  await page.getByLabel("Status").selectOption("closed");
  await expect(confirmation).toContainText("1 learner is enrolled ($75.00 paid).");
  await expect(confirmation).toContainText("Each family is refunded in full");
  const box = confirmation.getByRole("checkbox", { name: "Withdraw the 1 enrolled learner and refund $75.00 in full" });
  await expect(box).not.toBeChecked();
  await lookAt(confirmation, "section-close-prompt", { fullPage: false });
  await page.getByRole("button", { name: "Save section" }).click();
  await expect(
    confirmation.getByText(/To close this section or make it a draft, confirm that they are withdrawn with a full refund\./),
  ).toBeVisible();
  await expect(box).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`${editPath}$`));
  await page.getByRole("button", { name: "I Understand" }).click();
  expect(await seriousA11yViolations(page)).toEqual([]);
  // From the top: the sticky header would otherwise be drawn across the middle of a full-page shot.
  await page.evaluate(() => window.scrollTo(0, 0));
  await lookAt(page, "section-close-confirmation");

  await box.check();
  await page.getByRole("button", { name: "Save section" }).click();
  await expect(page).toHaveURL(/\/admin\/sections$/);
  await expect(page.getByText(`Section ${sectionId} is saved. 1 learner was withdrawn and $75.00 refunded.`).first()).toBeVisible();
  const closedRow = page.getByRole("row").filter({ hasText: courseTitle });
  await expect(closedRow.getByRole("cell", { name: "Closed", exact: true })).toBeVisible();
  await expect(closedRow).toContainText("0 / ");
  await lookAt(page, "section-closed");

  // The family: the class is gone from My courses and the $75.00 is back in their Cash.
  await parent.goto("/my-courses");
  await expect(parent.getByText(`${courseTitle} for ${child}`)).toHaveCount(0);
  await parent.goto(brandPaths.wallet);
  await expect(parent.getByTestId("wallet-balance")).toHaveText("$100.00");
  await expect(parent.getByRole("region", { name: "History" }).getByRole("listitem").first()).toContainText("$75.00");
});
