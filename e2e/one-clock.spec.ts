import { randomUUID } from "node:crypto";

import { expect, test, type Browser } from "@playwright/test";

import { seriousA11yViolations } from "./support/a11y";
import { signIn } from "./support/auth";

/**
 * Issue 31 item 3, one clock per person: a signed-in person reads every time in their account's zone,
 * the static course page too; when the computer's clock is in another zone, a notice says so once
 * and offers to switch.
 */

const PASSWORD = "one-clock-password-1";
const COURSE = "Piano for Beginners";

/** A new account signed up from a computer in New York: its zone is New York's. */
async function newYorkAccount(browser: Browser): Promise<string> {
  const email = `clock.${randomUUID().slice(0, 8)}@example.com`;
  const context = await browser.newContext({ timezoneId: "America/New_York" });
  const page = await context.newPage();
  await page.goto("/signup");
  await page.getByLabel("Your name").fill("Clock Parent");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/my-courses$/);
  await context.close();
  return email;
}

test("an account in New York on a computer in Los Angeles reads New York everywhere, then switches to Pacific Time from the notice", async ({
  browser,
}, testInfo) => {
  const email = await newYorkAccount(browser);
  const context = await browser.newContext({ timezoneId: "America/Los_Angeles" });
  const page = await context.newPage();
  await signIn(page, email, PASSWORD);

  // The static course page: the account's clock, not the computer's.
  await page.goto("/courses/piano-for-beginners");
  const section = page.getByRole("region", { name: "Upcoming classes" }).getByRole("listitem").filter({ hasText: "With Ms. Iyer" }).first();
  await expect(section.getByTestId("weekly-times")).toContainText("Eastern Time (New York)");
  await page.getByRole("button", { name: "I Understand" }).click();
  await page.screenshot({ path: testInfo.outputPath("1-course-page-new-york.png"), fullPage: true });

  // Into the cart: the line's times in New York, and the notice, once, with both clocks named.
  await section.getByRole("link", { name: /^Enrol in group classes with Ms\. Iyer/ }).click();
  const panel = page.getByRole("region", { name: COURSE });
  await panel.getByLabel("Child's first name").fill("Tess");
  await panel.getByLabel("Grade").selectOption("5");
  await panel.getByRole("button", { name: "Add to cart" }).click();
  await expect(page).toHaveURL(/\/cart$/);
  const line = page.getByRole("region", { name: "Seats in your cart" }).getByRole("listitem").filter({ hasText: COURSE });
  await expect(line).toContainText("Eastern Time (New York)");
  const notice = page.getByRole("region", { name: "Your clock and your account differ" });
  await expect(notice).toContainText("Your computer is set to Pacific Time (Los Angeles) but your account uses Eastern Time (New York).");
  await expect(notice.getByRole("button", { name: "Keep Eastern Time" })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath("2-cart-notice.png"), fullPage: true });

  // By keyboard: the switch takes focus and Enter stores the computer's zone for the account.
  const use = notice.getByRole("button", { name: "Use Pacific Time" });
  await use.focus();
  await page.keyboard.press("Enter");
  await expect(notice).toBeHidden();
  await expect(line).toContainText("Pacific Time (Los Angeles)");
  await expect(line).not.toContainText("Eastern Time");
  await page.screenshot({ path: testInfo.outputPath("3-cart-pacific.png"), fullPage: true });

  // Same clock now: no notice on the next pages, and every list of times says Pacific Time.
  await page.goto("/my-courses");
  await expect(page.getByText("Times in Pacific Time (Los Angeles).").first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Your clock and your account differ" })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath("4-my-courses-pacific.png"), fullPage: true });
  await page.goto("/user/edit-profile");
  await expect(page.getByLabel("Time zone")).toHaveValue("America/Los_Angeles");
  await expect(page.getByLabel("Time zone").locator("option:checked")).toHaveText("Pacific Time (Los Angeles)");
  await page.goto("/courses/piano-for-beginners");
  await expect(section.getByTestId("weekly-times")).toContainText("Pacific Time (Los Angeles)");
  await context.close();
});

test("Keep is remembered: the notice does not come back, and the account keeps its zone", async ({ browser }, testInfo) => {
  const email = await newYorkAccount(browser);
  const context = await browser.newContext({ timezoneId: "America/Los_Angeles" });
  const page = await context.newPage();
  await signIn(page, email, PASSWORD);
  await page.goto("/my-courses");
  const notice = page.getByRole("region", { name: "Your clock and your account differ" });
  await notice.getByRole("button", { name: "Keep Eastern Time" }).click();
  await expect(notice).toHaveCount(0);
  await page.reload();
  await expect(page.getByText("Times in Eastern Time (New York).").first()).toBeVisible();
  await expect(notice).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath("my-courses-kept.png"), fullPage: true });
  await context.close();
});

test("the first signed-in page after signing in on another clock has the notice in its HTML, so nothing shifts", async ({ browser }) => {
  const email = await newYorkAccount(browser);
  const context = await browser.newContext({ timezoneId: "America/Los_Angeles" });
  const page = await context.newPage();
  await signIn(page, email, PASSWORD);
  // The server's first answer for an account page (no script of it has run yet): the sign-in told it the computer's zone.
  const html = await (await context.request.get("/my-courses")).text();
  expect(html).toContain("Your clock and your account differ");
  expect(html).toContain("Your computer is set to Pacific Time (Los Angeles) but your account uses Eastern Time (New York).");
  await context.close();
});
