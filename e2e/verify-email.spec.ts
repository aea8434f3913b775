import { randomUUID } from "node:crypto";

import { expect, test } from "@playwright/test";

import { signInAs } from "./support/auth";
import { linkInMail } from "./support/mailbox";
import { lookAt } from "./support/look";

const NOTICE = "Please verify your email address to see requests made with it before you signed up.";

test.describe("email verification (security issue: account squatting)", () => {
  test("the embedded default's demo student is verified: /my-courses shows no notice", async ({ page }) => {
    await signInAs(page, "student");
    await page.goto("/my-courses");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText(NOTICE)).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Resend verification email" })).toHaveCount(0);
  });

  test("a new account sees the notice and can resend; after following the emailed link the notice is gone", async ({
    page,
    request,
    baseURL,
  }) => {
    const email = `verify.${randomUUID().slice(0, 8)}@example.com`;
    // Another family's request with this address, made before anyone signed up with it.
    const before = await request.post("/api/book-free-demo", {
      headers: { origin: baseURL! },
      data: { userEmail: email, course: "not-sure", name: "Other Family", grade: 3 },
    });
    expect(before.status()).toBe(201);

    await page.goto("/signup");
    await page.getByLabel("Your name").fill("Vera Verify");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("verify-password-1");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(/\/my-courses$/);

    // A request made signed in is the account's own: it shows before verification.
    const own = await page.request.post("/api/book-free-demo", {
      headers: { origin: baseURL! },
      data: { userEmail: email, course: "not-sure", name: "Vera Verify", grade: 9 },
    });
    expect(own.status()).toBe(201);

    await page.goto("/my-courses");
    await expect(page.getByText(NOTICE)).toBeVisible();
    const rows = page.getByRole("table", { name: "Your demo requests" }).locator("tbody tr");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("9");
    await page.getByRole("button", { name: "Resend verification email" }).click();
    await expect(page.getByRole("status").filter({ hasText: `We have sent a new verification email to ${email}.` })).toBeVisible();
    await lookAt(page, "my-courses-verify-notice");

    // Follow the emailed link (the product's email, read in the mailbox; firebase-admin made the link).
    const link = await linkInMail(page, email, /^Please verify your email for /, /http:\/\/127\.0\.0\.1:\d+\/emulator\/action\?\S+/);
    expect(decodeURIComponent(link)).toContain(`continueUrl=${baseURL}/my-courses`);
    const opened = await request.get(link, { maxRedirects: 0 });
    expect(opened.status()).toBeLessThan(400);

    await page.goto("/my-courses");
    await expect(page.getByRole("heading", { name: "My courses" })).toBeVisible();
    await expect(page.getByText(NOTICE)).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Resend verification email" })).toHaveCount(0);
    // Verified: the request made with the email before sign-up shows too.
    await expect(rows).toHaveCount(2);
  });
});
