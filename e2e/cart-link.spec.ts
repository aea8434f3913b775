import { randomUUID } from "node:crypto";

import { expect, test } from "@playwright/test";

import { signInAs } from "./support/auth";
import { lookAt } from "./support/look";

/* Issue 31 item 4: the cart, with the seats in it, in the bar of the role that buys. */
test("a family's bar links to the cart with its count, in the server's HTML and on the public pages", async ({ page }) => {
  test.setTimeout(90_000);
  await page.goto("/signup");
  await page.getByLabel("Your name").fill("Cora Parent");
  await page.getByLabel("Email").fill(`cart.${randomUUID().slice(0, 8)}@example.com`);
  await page.getByLabel("Password").fill("cora-password-1");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/my-courses$/);
  const bar = page.locator('[data-role="student"]');
  await expect(bar.getByRole("link", { name: "Cart", exact: true })).toHaveAttribute("href", "/cart");
  await expect(bar.getByRole("link", { name: "Courses", exact: true }).first()).toBeAttached();

  await page.goto("/courses/piano-for-beginners");
  await page.getByRole("link", { name: /^Enrol in group classes with Ms\. Iyer/ }).click();
  await expect(page).toHaveURL(/\/cart\?add=\d+$/);
  const panel = page.getByRole("region", { name: "Piano for Beginners" });
  await panel.getByLabel("Child's first name").fill("Cleo");
  await panel.getByLabel("Grade").selectOption({ label: "Grade 4" });
  await panel.getByRole("button", { name: "Add to cart" }).click();
  await expect(page).toHaveURL(/\/cart$/);

  const cart = bar.getByRole("link", { name: "Cart (1 seat)" });
  await expect(cart).toHaveAttribute("href", "/cart");
  await lookAt(page, "cart-bar", { fullPage: false });
  // In the HTML the server sent: no flash of a bar without it.
  const html = await (await page.request.get("/cart")).text();
  expect(html).toContain('aria-label="Cart (1 seat)"');

  // A static public page: the bar shows it once the session is known.
  await page.goto("/courses");
  await expect(bar.getByRole("link", { name: "Cart (1 seat)" })).toBeVisible();
  await page.setViewportSize({ width: 390, height: 800 });
  await expect(bar.getByRole("link", { name: "Cart (1 seat)" })).toBeVisible();
  await lookAt(page, "cart-bar-phone", { fullPage: false });
});

test("a teacher's bar has no cart", async ({ page }) => {
  await signInAs(page, "teacher");
  await page.goto("/teacher/dashboard");
  await expect(page.locator('[data-role="teacher"]')).toBeVisible();
  await expect(page.locator('[data-role="teacher"]').getByRole("link", { name: /^Cart/ })).toHaveCount(0);
});
