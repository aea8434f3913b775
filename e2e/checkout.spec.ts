import { expect, test } from "@playwright/test";

import { seriousA11yViolations } from "./support/a11y";
import { signInAs } from "./support/auth";
import { brandPaths, E2E_PRODUCT_NAME } from "./support/server";
import { lookAt } from "./support/look";

const CASH = `${E2E_PRODUCT_NAME} Cash`;

test.describe("checkout with the wallet (issue 18)", () => {
  // One demo family's wallet: its balances are asserted in turn.
  test.describe.configure({ mode: "serial" });

  test("the demo student adds a seat for their child, pays with Cash, and sees the purchase in the wallet", async ({ page }) => {
    await signInAs(page, "student");

    // Piano (4 seats): other specs count the Python section's seats.
    await page.goto("/courses/piano-for-beginners");
    await page.getByRole("link", { name: /^Enrol in group classes with Ms\. Iyer/ }).click();
    await expect(page).toHaveURL(/\/cart\?add=\d+$/);
    const panel = page.getByRole("region", { name: "Piano for Beginners" });
    await expect(panel).toContainText("$129.00");
    await panel.getByLabel("Which child is this seat for?").selectOption({ label: "Sam (grade 5)" });
    await panel.getByRole("button", { name: "Add to cart" }).click();

    await expect(page).toHaveURL(/\/cart$/);
    const items = page.getByRole("region", { name: "Seats in your cart" });
    await expect(items.getByRole("listitem")).toContainText("Piano for Beginners for Sam");
    await expect(items.getByRole("listitem")).toContainText("seats left");
    await expect(page.getByTestId("cart-total")).toHaveText("$129.00");
    // Cash covers it all: nothing by card (the embedded default takes cards: e2e/card-payment.spec.ts).
    await expect(page.getByText(/^By card/)).toBeVisible();
    await expect(page.getByRole("button", { name: /by card/ })).toHaveCount(0);
    await page.getByRole("button", { name: "I Understand" }).click();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await lookAt(page, "cart");

    // No card part, so no choice of where a late card payment goes back.
    await expect(page.getByRole("radio", { name: "Back to my card" })).toHaveCount(0);
    await page.getByRole("button", { name: `Pay $129.00 with ${CASH}` }).click();
    // The order is its own page (issue 31): the first session, what the price buys, the refund window, what next.
    await expect(page.getByRole("heading", { name: "You are enrolled", level: 1 })).toBeVisible();
    const order = page.getByRole("region", { name: "Your order" });
    await expect(order).toContainText("Sam in Piano for Beginners ($129.00)");
    await expect(order).toContainText("First session:");
    await expect(order).toContainText(/\d+ sessions · .*\$\d+\.\d\d a session/);
    await expect(page.getByRole("link", { name: "Go to My courses" })).toHaveAttribute("href", "/my-courses");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await lookAt(page, "confirmation");
    // Back does not return to a cart with a live Pay button.
    await page.goBack();
    await expect(page).not.toHaveURL(/order=/);
    await expect(page.getByRole("button", { name: /^Pay / })).toHaveCount(0);
    await page.goForward();
    await expect(page).toHaveURL(/order=/);

    await page.getByRole("link", { name: "See your wallet" }).click();
    await expect(page).toHaveURL(new RegExp(`${brandPaths.wallet}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(CASH);
    await expect(page.getByTestId("wallet-balance")).toHaveText("$371.00");
    const history = page.getByRole("region", { name: "History" });
    await expect(history.getByRole("listitem").first()).toContainText("Purchase");
    await expect(history.getByRole("listitem").first()).toContainText("-$129.00");
    await expect(history).toContainText("Promotion");
    expect(await seriousA11yViolations(page)).toEqual([]);
    await lookAt(page, "wallet");
  });

  test("enrolled, the family sees it on /my-courses, the teacher on the roster; withdrawn before the cutoff, the refund is in the wallet", async ({
    page,
    browser,
  }) => {
    // The demo teacher's seeded $99.00 section (lib/wiring/seed/demo-teacher.ts) of Scratch Game Design.
    const courseTitle = "Scratch Game Design";
    const coursePath = "/courses/scratch-game-design";
    const teacherPage = await (await browser.newContext()).newPage();
    await signInAs(teacherPage, "teacher");
    await teacherPage.goto("/teacher/sections");
    const rosters = teacherPage.getByRole("region", { name: "Rosters" });

    await signInAs(page, "student");
    await page.goto(brandPaths.wallet);
    const balanceBefore = (await page.getByTestId("wallet-balance").textContent())!.trim();
    // A child of their own for this test: Sam already sits in the seeded live class of this course.
    const child = `Nia${Array.from({ length: 4 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("")}`;
    await page.goto("/my-courses");
    await page.locator("#learner-new-firstName").fill(child);
    await page.locator("#learner-new-grade").selectOption("6");
    await page.getByRole("button", { name: "Add child" }).click();
    await expect(page.getByRole("region", { name: "Your children" }).getByRole("status")).toHaveText(`${child} has been added.`);
    await page.goto(coursePath);
    // The $99.00 section (lib/wiring/seed/demo-teacher.ts), not the seeded live class beside it.
    await page.getByRole("link", { name: /^Enrol in group classes with Ms\. Harper, \$99\.00/ }).click();
    const panel = page.getByRole("region", { name: courseTitle });
    await panel.getByLabel("Which child is this seat for?").selectOption({ label: `${child} (grade 6)` });
    await panel.getByRole("button", { name: "Add to cart" }).click();
    await page.getByRole("button", { name: `Pay $99.00 with ${CASH}` }).click();
    await expect(page.getByRole("heading", { name: "You are enrolled" })).toBeVisible();

    await page.goto("/my-courses");
    const enrolments = page.getByRole("region", { name: "Your enrolments" });
    const enrolment = enrolments.getByRole("listitem").filter({ hasText: `${courseTitle} for ${child}` });
    await expect(enrolment).toContainText("Next session:");
    await expect(enrolment).toContainText("Withdraw with a full refund until");
    await page.getByRole("button", { name: "I Understand" }).click();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await lookAt(page, "my-courses-enrolled");

    // The teacher sees the child (first name and grade only) on the section's roster.
    await teacherPage.reload();
    await expect(rosters.getByRole("listitem").filter({ hasText: courseTitle }).filter({ hasText: child })).toContainText(
      `${child}, grade 6`,
    );
    await teacherPage.getByRole("button", { name: "I Understand" }).click();
    expect(await seriousA11yViolations(teacherPage)).toEqual([]);
    await lookAt(teacherPage, "roster");

    // Withdraw asks first, in a dialog that states the refund: Escape keeps the seat and puts focus back.
    const withdrawButton = enrolment.getByRole("button", { name: `Withdraw ${child} from ${courseTitle}` });
    await withdrawButton.click();
    const confirmation = page.getByRole("dialog", { name: `Withdraw ${child} from ${courseTitle}?` });
    await expect(confirmation).toBeVisible();
    await expect(confirmation).toContainText(`$99.00 goes back to your ${CASH}.`);
    await expect(confirmation.getByRole("link", { name: "refund policy" })).toHaveAttribute("href", "/terms-of-service#refunds");
    await expect(confirmation.getByRole("button", { name: "Keep the seat" })).toBeFocused();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await lookAt(page, "my-courses-withdraw-confirmation");
    await page.keyboard.press("Escape");
    await expect(confirmation).toBeHidden();
    await expect(withdrawButton).toBeFocused();
    await expect(enrolment).toContainText("Withdraw with a full refund until");

    await withdrawButton.click();
    await confirmation.getByRole("button", { name: "Withdraw and refund" }).click();
    await expect(
      page.getByText(`${child} has been withdrawn from ${courseTitle}. $99.00 went back to your ${CASH}.`).first(),
    ).toBeVisible();
    await expect(enrolments.getByRole("listitem").filter({ hasText: `${courseTitle} for ${child}` })).toHaveCount(0);
    await lookAt(page, "my-courses-withdrawn");

    await page.goto(brandPaths.wallet);
    await expect(page.getByTestId("wallet-balance")).toHaveText(balanceBefore);
    const history = page.getByRole("region", { name: "History" });
    await expect(history.getByRole("listitem").first()).toContainText("Refund");
    await expect(history.getByRole("listitem").first()).toContainText("$99.00");
    await expect(history.getByRole("listitem").first()).toContainText(`${courseTitle} for ${child}`);

    await page.goto("/terms-of-service");
    await expect(page.getByRole("heading", { name: "Withdrawing and refunds" })).toBeVisible();
    await expect(page.getByText(/made before its first session starts is refunded in full/)).toBeVisible();
  });

  test("the admin sees the orders, filters the refunded ones, and finds the open payment issues", async ({ page }) => {
    await signInAs(page, "admin");
    await page.goto("/admin/orders");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Orders and refunds");
    await expect(page.getByText("No open payment issues.")).toBeVisible();
    await page.getByLabel("Status").selectOption("refunded");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/status=refunded/);
    const table = page.getByRole("table", { name: "Orders, newest first" });
    await expect(table.getByRole("row").nth(1)).toContainText("student@example.com");
    await expect(table.getByRole("row").nth(1)).toContainText("refunded $99.00");
    await page.getByRole("button", { name: "I Understand" }).click();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await lookAt(page, "admin-orders");

    // A refund asks first (issue 31): what goes back, and the reason; Escape keeps the order.
    await page.getByLabel("Status").selectOption("paid");
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/status=paid/);
    const refund = table.getByRole("button", { name: /^Refund order of / }).first();
    await refund.click();
    const dialog = page.getByRole("dialog", { name: /^Refund the order of / });
    await expect(dialog).toContainText("This cannot be undone.");
    await expect(dialog.getByLabel("Reason (recorded with your name)")).toBeFocused();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await lookAt(page, "admin-refund-dialog", { fullPage: false });
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(refund).toBeFocused();
    await expect(table.getByRole("row").nth(1).getByRole("cell").nth(4)).toHaveText("paid");
  });

  test("a signed-out visitor's cart lives in a cookie and comes along at sign-in, where the child is chosen", async ({ page }) => {
    await page.goto("/courses/math-foundations");
    await page.getByRole("link", { name: /^Enrol in group classes/ }).click();
    await expect(page).toHaveURL(/\/cart\?add=\d+$/);
    await page.getByRole("region", { name: "Math Foundations" }).getByRole("button", { name: "Add to cart" }).click();
    await expect(page).toHaveURL(/\/cart$/);
    const chosen = page.getByRole("region", { name: "Classes in your cart" });
    await expect(chosen.getByRole("listitem")).toContainText("Math Foundations");
    await expect(chosen.getByRole("listitem")).toContainText("$119.00");
    await page.getByRole("button", { name: "I Understand" }).click();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await lookAt(page, "guest-cart");

    // The admin demo account has no children yet: the seat's child is named at the merge.
    await signInAs(page, "admin");
    await page.goto("/cart");
    const panel = page.getByRole("region", { name: "Math Foundations" });
    await panel.getByLabel("Child's first name").fill("Mia");
    await panel.getByLabel("Grade", { exact: true }).selectOption({ label: "Grade 3" });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await panel.getByRole("button", { name: "Add to cart" }).click();
    await expect(page.getByRole("region", { name: "Seats in your cart" }).getByRole("listitem")).toContainText("Math Foundations for Mia");
    await expect(page.getByRole("region", { name: "Math Foundations" })).toHaveCount(0);
    // No credit: all of it by card (the embedded default's local TEST stand-in), and where a late payment goes back.
    await expect(page.getByRole("button", { name: "Pay $119.00 by card" })).toBeVisible();
    await expect(page.getByRole("radio", { name: "Back to my card" })).toBeChecked();
    await lookAt(page, "merged-cart");
  });
});
