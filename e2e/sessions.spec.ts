import { randomUUID } from "node:crypto";

import { expect, test } from "@playwright/test";

import { signIn } from "./support/auth";

test.describe("sessions (issue 3)", () => {
  test('"Sign out everywhere" on one device signs the other out on its next page load', async ({ browser, baseURL }) => {
    // A fresh account: the demo accounts' sessions belong to the other tests.
    const email = `everywhere.${randomUUID().slice(0, 8)}@example.com`;
    const password = "first-password-1";
    const laptop = await (await browser.newContext({ baseURL })).newPage();
    await laptop.goto("/signup");
    await laptop.getByLabel("Your name").fill("Two Devices");
    await laptop.getByLabel("Email").fill(email);
    await laptop.getByLabel("Password").fill(password);
    await laptop.getByRole("button", { name: "Create account" }).click();
    await expect(laptop.locator('[data-role="student"]')).toBeVisible();

    const phone = await (await browser.newContext({ baseURL })).newPage();
    await signIn(phone, email, password);

    await laptop.goto("/user/edit-profile");
    const button = laptop.getByRole("button", { name: "Sign out everywhere" });
    await expect(button).toBeVisible();
    await laptop.screenshot({ path: test.info().outputPath("edit-profile.png"), fullPage: true });
    await button.click();

    // This browser is signed out and at home...
    await expect(laptop).toHaveURL(`${baseURL}/`);
    await expect(laptop.getByRole("link", { name: "Sign up" }).first()).toBeVisible();
    await expect(laptop.locator("[data-role]")).toHaveCount(0);
    // ...and the other one on its next page load.
    await phone.goto("/user/edit-profile");
    await expect(phone).not.toHaveURL(/edit-profile/);
    await expect(phone.getByRole("link", { name: "Sign up" }).first()).toBeVisible();
    await expect(phone.locator("[data-role]")).toHaveCount(0);
    // Signing in again works.
    await signIn(phone, email, password);
  });
});
