import { randomUUID } from "node:crypto";

import { expect, test } from "@playwright/test";

import { signIn } from "./support/auth";
import { linkInMail, openMail } from "./support/mailbox";
import { E2E_PRODUCT_NAME } from "./support/server";
import { lookAt } from "./support/look";

const NOTICE = "Please verify your email address to see requests made with it before you signed up.";

/*
 * Issue 31 item 2: the verification and reset emails come from the product, through its outbox and
 * SMTP (the embedded mailbox here), branded, with firebase-admin's links, which work.
 */
test.describe("the account's emails, read in the mailbox", () => {
  test("sign up, verify from the emailed link: the account is verified", async ({ page }) => {
    test.setTimeout(90_000);
    const email = `first-mail.${randomUUID().slice(0, 8)}@example.com`;
    await page.goto("/signup");
    await page.getByLabel("Your name").fill("Fern Parent");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("fern-password-1");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(/\/my-courses$/);

    const subject = `Please verify your email for ${E2E_PRODUCT_NAME}`;
    const text = await openMail(page, email, subject);
    await expect(text).toContainText("Hello Fern,");
    await expect(
      page.frameLocator('iframe[title="HTML version of the message"]').getByRole("link", { name: "Verify my email" }),
    ).toBeVisible();
    await lookAt(page, "verify-email");
    const link = (await text.innerText()).match(/http:\/\/127\.0\.0\.1:\d+\/emulator\/action\?\S+/)?.[0];
    expect(link).toBeDefined();

    // Following it: Firebase (the emulator) applies the code and sends the person on to /my-courses.
    await page.goto(link!);
    await expect(page).toHaveURL(/\/my-courses$/);
    await expect(page.getByRole("heading", { name: "My courses" })).toBeVisible();
    await expect(page.getByText(NOTICE)).toHaveCount(0);
  });

  test("forgot password: the emailed link leads to a page that sets a new password of 12+ characters, which then signs in", async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const email = `reset.${randomUUID().slice(0, 8)}@example.com`;
    // The account, made in another browser, then signed out of.
    const other = await (await browser.newContext()).newPage();
    await other.goto("/signup");
    await other.getByLabel("Your name").fill("Reese Parent");
    await other.getByLabel("Email").fill(email);
    await other.getByLabel("Password").fill("old-password-123");
    await other.getByRole("button", { name: "Create account" }).click();
    await expect(other).toHaveURL(/\/my-courses$/);
    await other.context().close();

    await page.goto("/signin");
    await page.getByRole("button", { name: "Forgot password?" }).click();
    await page.getByLabel("Email for the reset link").fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByText("If an account exists for that email, we have sent a link to reset the password.").first()).toBeVisible();

    const link = await linkInMail(page, email, `Reset your ${E2E_PRODUCT_NAME} password`, /http:\/\/\S+\/reset-password\?oobCode=\S+/);
    await lookAt(page, "reset-email");
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
    await expect(page.getByText(`For ${email}.`)).toBeVisible();
    await page.getByLabel("New password", { exact: false }).first().fill("short-pass");
    await page.getByLabel("Confirm new password").fill("short-pass");
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page.getByText("Password should be strong. Try again")).toBeVisible();
    await page.getByLabel(/^New password/).fill("a-new-password-2026");
    await page.getByLabel("Confirm new password").fill("a-new-password-2026");
    await page.getByRole("button", { name: "Set new password" }).click();
    const done = page.getByRole("status").filter({ hasText: "Your password has been changed. Log in with your new password." });
    await expect(done).toBeVisible();
    await lookAt(page, "reset-page");

    // The link works once.
    await page.goto(link);
    await expect(page.getByRole("alert").filter({ hasText: "This reset link has expired or was already used." })).toBeVisible();

    await signIn(page, email, "a-new-password-2026");
    await expect(page.locator('[data-role="student"]')).toContainText("Reese Parent");
  });
});
