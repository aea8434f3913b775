import { randomUUID } from "node:crypto";

import { expect, test } from "@playwright/test";

import { signIn } from "./support/auth";
import { lookAt } from "./support/look";

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
    await lookAt(laptop, "edit-profile");
    await button.click();

    // This browser is signed out and at home...
    await expect(laptop).toHaveURL(`${baseURL}/`);
    await expect(laptop.getByRole("link", { name: "Sign up" }).first()).toBeVisible();
    await expect(laptop.locator("[data-role]")).toHaveCount(0);
    // ...and the other one on its next page load.
    await phone.goto("/user/edit-profile");
    // To sign-up (with the way back), not the profile, and not sent home by its ended cookie.
    await expect(phone).toHaveURL(`${baseURL}/signup?callbackUrl=%2Fuser%2Fedit-profile`);
    await expect(phone.getByRole("link", { name: "Sign up" }).first()).toBeVisible();
    await expect(phone.locator("[data-role]")).toHaveCount(0);
    // Signing in again works.
    await signIn(phone, email, password);
  });

  test("a device whose session was ended elsewhere can open the sign-in page and sign in again, with no redirect loop", async ({
    browser,
    baseURL,
  }) => {
    const email = `revoked.${randomUUID().slice(0, 8)}@example.com`;
    const password = "first-password-1";
    const laptop = await (await browser.newContext({ baseURL })).newPage();
    await laptop.goto("/signup");
    await laptop.getByLabel("Your name").fill("Old Cookie");
    await laptop.getByLabel("Email").fill(email);
    await laptop.getByLabel("Password").fill(password);
    await laptop.getByRole("button", { name: "Create account" }).click();
    await expect(laptop.locator('[data-role="student"]')).toBeVisible();
    const phoneContext = await browser.newContext({ baseURL });
    const phone = await phoneContext.newPage();
    await signIn(phone, email, password);
    const oldCookie = (await phoneContext.cookies()).find((cookie) => cookie.name.endsWith("next-auth.session-token"));
    expect(oldCookie).toBeDefined();

    await laptop.goto("/user/edit-profile");
    await laptop.getByRole("button", { name: "Sign out everywhere" }).click();
    await expect(laptop).toHaveURL(`${baseURL}/`);

    // The phone still holds the old cookie. Straight to the sign-in page: it opens (it used to send
    // the "signed-in" cookie home, away from the only page that could sign it in again).
    expect((await phoneContext.cookies()).find((cookie) => cookie.name === oldCookie!.name)?.value).toBe(oldCookie!.value);
    const answer = await phone.goto("/signin");
    expect(answer?.status()).toBe(200);
    await expect(phone).toHaveURL(`${baseURL}/signin`);
    await expect(phone.getByRole("button", { name: "Log in" })).toBeVisible();
    // The ended session's cookie is cleared on the way.
    expect((await phoneContext.cookies()).find((cookie) => cookie.name === oldCookie!.name)).toBeUndefined();
    await lookAt(phone, "signin-after-revocation");

    await phone.getByLabel("Email", { exact: true }).fill(email);
    await phone.getByLabel("Password", { exact: true }).fill(password);
    await phone.getByRole("button", { name: "Log in" }).click();
    await expect(phone.locator('[data-role="student"]')).toBeVisible();
    await phone.goto("/user/edit-profile");
    await expect(phone).toHaveURL(`${baseURL}/user/edit-profile`);
  });

  test("with an ended session's cookie, a guarded page leads to sign-up and stays there (no loop)", async ({ browser, baseURL }) => {
    const email = `loop.${randomUUID().slice(0, 8)}@example.com`;
    const password = "first-password-1";
    const laptop = await (await browser.newContext({ baseURL })).newPage();
    await laptop.goto("/signup");
    await laptop.getByLabel("Your name").fill("Loop Check");
    await laptop.getByLabel("Email").fill(email);
    await laptop.getByLabel("Password").fill(password);
    await laptop.getByRole("button", { name: "Create account" }).click();
    await expect(laptop.locator('[data-role="student"]')).toBeVisible();
    const phone = await (await browser.newContext({ baseURL })).newPage();
    await signIn(phone, email, password);
    await laptop.goto("/user/edit-profile");
    await laptop.getByRole("button", { name: "Sign out everywhere" }).click();
    await expect(laptop).toHaveURL(`${baseURL}/`);

    const redirects: string[] = [];
    phone.on("response", (response) => {
      if (response.status() >= 300 && response.status() < 400) redirects.push(response.url());
    });
    await phone.goto("/my-courses");
    await expect(phone).toHaveURL(/\/signup\?callbackUrl=%2Fmy-courses$/);
    await expect(phone.getByRole("button", { name: "Create account" })).toBeVisible();
    expect(redirects.length).toBeLessThanOrEqual(2);
  });
});
