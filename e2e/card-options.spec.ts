import { expect, test } from "@playwright/test";

import { seriousA11yViolations } from "./support/a11y";
import { signInAs } from "./support/auth";
import { brandPaths, E2E_PRODUCT_NAME } from "./support/server";
import { lookAt } from "./support/look";

const CASH = `${E2E_PRODUCT_NAME} Cash`;

/**
 * The card options as a person sees them: the embedded default takes cards through the local TEST
 * stand-in (issue 31; e2e/card-payment.spec.ts pays); with real keys the same pages lead to Stripe.
 */
test("with Stripe: the wallet offers a top-up by card, the gift form offers Cash or card", async ({ page }) => {
  await signInAs(page, "student");
  await page.goto(brandPaths.wallet);
  await expect(page.getByRole("heading", { name: "Top up by card" })).toBeVisible();
  await page.getByRole("button", { name: "I Understand" }).click();
  // A refused amount keeps what was typed and says why beside the field.
  await page.getByLabel(/^Amount/).fill("2");
  await page.getByRole("button", { name: `Add ${CASH} by card` }).click();
  await expect(page.getByText("Enter an amount from $5.00 to $1,000.00")).toHaveCount(1);
  await expect(page.getByLabel(/^Amount/)).toHaveValue("2");
  expect(await seriousA11yViolations(page)).toEqual([]);
  await lookAt(page, "wallet-with-stripe");

  await page.goto("/gift-a-course/buy");
  await expect(page.getByRole("radio", { name: `Pay with ${CASH}` })).toBeChecked();
  await expect(page.getByRole("radio", { name: /Pay by card/ })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await lookAt(page, "gift-buy-with-stripe");
});
