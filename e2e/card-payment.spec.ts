import { readFileSync } from "node:fs";

import { expect, test, type Page } from "@playwright/test";

import { seriousA11yViolations } from "./support/a11y";
import { signUpParent } from "./support/auth";
import { cartTotal } from "./support/cart";
import { verifyByMail } from "./support/mailbox";
import { brandPaths, E2E_PGLITE_DIR, E2E_PRODUCT_NAME } from "./support/server";
import { lookAt } from "./support/look";

const CASH = `${E2E_PRODUCT_NAME} Cash`;

/** The local stand-in's TEST page: its own loopback origin, not the site's (scripts/stripe-local.mjs). */
const TEST_PAGE = /^http:\/\/127\.0\.0\.1:\d+\/c\/pay\/cs_test_[0-9a-f]+$/;

/** The stand-in's record of its payments (playwright.config.ts: STRIPE_LOCAL_DIR beside the database). */
function standInPayments(): Array<{ amount: number; refunded: number }> {
  try {
    return JSON.parse(readFileSync(`${E2E_PGLITE_DIR}-stripe/payments.json`, "utf8"));
  } catch {
    return [];
  }
}

/** On the TEST page: says TEST, shows what is paid for, takes the card; 4242 4242 4242 4242 pays. */
async function payOnTestPage(page: Page, amount: string, line: string) {
  await expect(page).toHaveURL(TEST_PAGE);
  await expect(page.getByText("TEST MODE — no real money")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Pay ${amount}`);
  await expect(page.getByRole("list", { name: "What you are paying for" })).toContainText(line);
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: `Pay ${amount}` }).click();
}

test.describe("card payments on the embedded default: the local TEST stand-in (issue 31)", () => {
  test("a new parent pays a seat by test card on the TEST page, comes back enrolled, and sees it on /my-courses", async ({ page }) => {
    test.slow(); // a sign-up, the cart, two origins and axe scans on a 2-core machine
    await signUpParent(page, "Card Parent");
    // Music theory (10 seats): no other spec counts its seats.
    await page.goto("/courses/music-theory-made-fun");
    await page.getByRole("link", { name: /^Enrol in group classes with Ms\. Iyer/ }).click();
    const panel = page.getByRole("region", { name: "Music Theory Made Fun" });
    await panel.getByLabel("Child's first name").fill("Rosa");
    await panel.getByLabel("Grade", { exact: true }).selectOption({ label: "Grade 4" });
    await panel.getByRole("button", { name: "Add to cart" }).click();
    // $89.00, or the sessions still to come of it once the class has started (issue 39).
    const total = await cartTotal(page, 8900);
    await page.getByRole("button", { name: "I Understand" }).click();
    // No Cash yet: all of it by card.
    await page.getByRole("button", { name: `Pay ${total.text} by card` }).click();

    await expect(page).toHaveURL(TEST_PAGE);
    await expect(page.getByText("TEST MODE — no real money")).toBeVisible();
    await expect(page.getByRole("list", { name: "What you are paying for" })).toContainText("Music Theory Made Fun");
    await expect(page.getByRole("link", { name: "Cancel and go back" })).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await lookAt(page, "test-page");

    // Stripe's declined test card: Stripe's message, nothing paid, the field ready for another try.
    await page.getByLabel("Card number").fill("4000 0000 0000 0002");
    await page.getByRole("button", { name: `Pay ${total.text}` }).click();
    await expect(page.getByRole("alert")).toHaveText("Your card was declined.");
    await expect(page.getByLabel("Card number")).toBeFocused();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await lookAt(page, "test-page-declined");

    await payOnTestPage(page, total.text, "Music Theory Made Fun");
    // Back on the site, the signed webhook has enrolled the child.
    await expect(page).toHaveURL(/\/cart\?order=[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { name: "You are enrolled", level: 1 })).toBeVisible();
    const confirmation = page.getByRole("region", { name: "Your order" });
    await expect(confirmation).toContainText(`Rosa in Music Theory Made Fun (${total.text})`);
    await expect(confirmation).toContainText(`${total.text} by card`);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await lookAt(page, "return-page");

    await page.goto("/my-courses");
    const enrolment = page
      .getByRole("region", { name: "Your enrolments" })
      .getByRole("listitem")
      .filter({ hasText: "Music Theory Made Fun for Rosa" });
    await expect(enrolment).toContainText("Withdraw with a full refund until");

    // Withdrawn before the cutoff, the card part goes back through the stand-in's refunds.
    await enrolment.getByRole("button", { name: "Withdraw Rosa from Music Theory Made Fun" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Withdraw and refund" }).click();
    await expect(
      page
        .getByText(new RegExp(`Rosa has been withdrawn from Music Theory Made Fun\\. ${total.pattern} is being refunded to your card`))
        .first(),
    ).toBeVisible();
    // The outbox sends it: the stand-in has refunded the payment in full.
    await expect
      .poll(() => standInPayments().filter((p) => p.amount === total.minor && p.refunded === total.minor).length, { timeout: 20_000 })
      .toBe(1);
  });

  test("a new parent tops up Cash by test card, then buys a gift by card", async ({ page }) => {
    test.slow();
    const email = await signUpParent(page, "Top Up Parent");
    await page.goto(brandPaths.wallet);
    await page.getByRole("button", { name: "I Understand" }).click();
    await expect(page.getByRole("heading", { name: "Top up by card" })).toBeVisible();
    await page.getByLabel(/^Amount/).fill("25");
    await page.getByRole("button", { name: `Add ${CASH} by card` }).click();
    await payOnTestPage(page, "$25.00", `${CASH} top-up`);

    await expect(page).toHaveURL(new RegExp(`${brandPaths.wallet}\\?top_up=[0-9a-f-]{36}$`));
    await expect(page.getByTestId("top-up-state")).toHaveText(`Your top-up of $25.00 was added to your ${CASH}.`);
    await expect(page.getByTestId("wallet-balance")).toHaveText("$25.00");
    await lookAt(page, "top-up-return");

    // A gift mails a code to any address: only a verified account may send one (issue 26, finding 8).
    await verifyByMail(page, email);
    await page.goto("/gift-a-course/buy");
    await page.getByLabel(/^Amount of/).fill("30");
    await page.getByRole("radio", { name: /Pay by card/ }).check();
    await page.getByRole("button", { name: "Buy the gift" }).click();
    await expect(page).toHaveURL(TEST_PAGE);
    await payOnTestPage(page, "$30.00", `Gift of $30.00 ${CASH}`);
    await expect(page.getByRole("heading", { name: "Your gift is ready" })).toBeVisible();
    await expect(page.getByTestId("gift-code")).toHaveText(/^([0-9A-Z]{4}-){6}[0-9A-Z]{4}$/);
    await lookAt(page, "gift-return");
  });
});
