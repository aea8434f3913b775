import { expect, type Page } from "@playwright/test";

/**
 * Opens the newest message to `email` whose subject matches, in the embedded mailbox (/dev/mailbox),
 * waiting for the outbox to deliver it; returns the message page's text version.
 */
export async function openMail(page: Page, email: string, subject: string | RegExp) {
  await page.goto("/dev/mailbox");
  const link = page.getByRole("row").filter({ hasText: email }).getByRole("link", { name: subject }).first();
  await expect(async () => {
    await page.reload();
    await expect(link).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await link.click();
  // The message's own page: on a loaded machine its load can outlast an assertion's 5 s.
  await expect(page.getByRole("heading", { level: 1 })).toContainText(subject, { timeout: 30_000 });
  return page.getByRole("region", { name: "Text version" });
}

/** The first URL in that message's text matching `pattern`. */
export async function linkInMail(page: Page, email: string, subject: string | RegExp, pattern: RegExp): Promise<string> {
  const text = await (await openMail(page, email, subject)).innerText();
  const found = text.match(pattern)?.[0];
  expect(found, `a link matching ${pattern} in:\n${text}`).toBeDefined();
  return found!;
}

/** Verifies `email` by following the link of the verification email the product sent (read in the mailbox). */
export async function verifyByMail(page: Page, email: string): Promise<void> {
  const link = await linkInMail(page, email, /^Please verify your email for /, /http:\/\/127\.0\.0\.1:\d+\/emulator\/action\?\S+/);
  expect((await page.request.get(link, { maxRedirects: 0 })).status()).toBeLessThan(400);
}
