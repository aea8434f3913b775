import { randomUUID } from "node:crypto";

import { expect, test, type Browser, type Page } from "@playwright/test";

import { seriousA11yViolations } from "./support/a11y";
import { consentCookie, pageAs, freshSignedInState, signIn } from "./support/auth";
import { lookAt } from "./support/look";

/**
 * Issue 31 item 3, one clock per person: a signed-in person reads every time in their account's zone,
 * the static course page too; when the computer's clock is in another zone, a notice says so once
 * and offers to switch.
 */

const PASSWORD = "one-clock-password-1";
const COURSE = "Piano for Beginners";

/** A new account signed up from a computer in New York (or `zone`): its zone is that one. */
async function newYorkAccount(browser: Browser, zone = "America/New_York"): Promise<string> {
  const email = `clock.${randomUUID().slice(0, 8)}@example.com`;
  const context = await browser.newContext({ timezoneId: zone });
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
}) => {
  const email = await newYorkAccount(browser);
  const context = await browser.newContext({ timezoneId: "America/Los_Angeles" });
  const page = await context.newPage();
  await signIn(page, email, PASSWORD);

  // The static course page: the account's clock, not the computer's.
  await page.goto("/courses/piano-for-beginners");
  const section = page.getByRole("region", { name: "Upcoming classes" }).getByRole("listitem").filter({ hasText: "With Ms. Iyer" }).first();
  await expect(section.getByTestId("weekly-times")).toContainText("Eastern Time (New York)");
  await page.getByRole("button", { name: "I Understand" }).click();
  await lookAt(page, "1-course-page-new-york");

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
  await lookAt(page, "2-cart-notice");

  // By keyboard: the switch takes focus and Enter stores the computer's zone for the account.
  const use = notice.getByRole("button", { name: "Use Pacific Time" });
  await use.focus();
  await page.keyboard.press("Enter");
  await expect(notice).toBeHidden();
  await expect(line).toContainText("Pacific Time (Los Angeles)");
  await expect(line).not.toContainText("Eastern Time");
  await lookAt(page, "3-cart-pacific");

  // Same clock now: no notice on the next pages, and every list of times says Pacific Time.
  await page.goto("/my-courses");
  await expect(page.getByText("Times in Pacific Time (Los Angeles).").first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Your clock and your account differ" })).toHaveCount(0);
  await lookAt(page, "4-my-courses-pacific");
  await page.goto("/user/edit-profile");
  await expect(page.getByLabel("Time zone")).toHaveValue("America/Los_Angeles");
  await expect(page.getByLabel("Time zone").locator("option:checked")).toHaveText("Pacific Time (Los Angeles)");
  await page.goto("/courses/piano-for-beginners");
  await expect(section.getByTestId("weekly-times")).toContainText("Pacific Time (Los Angeles)");
  await context.close();
});

test("Keep is remembered: the notice does not come back, and the account keeps its zone", async ({ browser }) => {
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
  await lookAt(page, "my-courses-kept");
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

const NOTICE = "Your clock and your account differ";
/** A zone's IANA id printed on a page ("America/Chicago"): people read "Central Time (Chicago)". */
const RAW_ZONE = /\b(Africa|America|Asia|Atlantic|Australia|Europe|Indian|Pacific|Etc)\/[A-Z][A-Za-z_]+/;

/** The page's main text without the zone notice (the one place the computer's zone is named). */
async function textBesideNotice(page: Page): Promise<string> {
  const main = await page.locator("main").innerText();
  const notice = page.getByRole("region", { name: NOTICE });
  return (await notice.count()) > 0 ? main.replace(await notice.innerText(), "") : main;
}

test("the demo teacher (Central Time) on a computer in Kolkata reads Central Time on every page, named, and is told once", async ({
  browser,
}) => {
  const context = await browser.newContext({ timezoneId: "Asia/Kolkata", storageState: await freshSignedInState(browser, "teacher") });
  await context.addCookies([consentCookie()]);
  const page = await context.newPage();

  // The dashboard: the notice, with what switching does to the weekly hours; the week and every time in Chicago's clock.
  await page.goto("/teacher/dashboard");
  const notice = page.getByRole("region", { name: NOTICE });
  // The saved sign-in carries the zone of the computer that signed in: this page tells the server its own, then says so.
  await expect(notice).toContainText(
    "Your computer is set to India Standard Time (Kolkata) but your account uses Central Time (Chicago).",
    {
      timeout: 30_000,
    },
  );
  await expect(notice).toContainText("Your weekly hours stay at the same times of day in the zone you choose");
  await expect(notice.getByRole("button", { name: "Use India Standard Time" })).toBeVisible();
  await expect(page.getByText(/in Central Time \(Chicago\)\.$/).first()).toBeVisible();
  let text = await textBesideNotice(page);
  expect(text).toMatch(/\d{1,2}:\d{2} [AP]M Central Time \(Chicago\)/);
  expect(text).not.toContain("India Standard Time");
  expect(text).not.toMatch(RAW_ZONE);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await lookAt(page, "teacher-dashboard-kolkata");

  // Sections, one section's sessions (once "in America/Chicago") and the conversations: the same clock.
  await page.goto("/teacher/sections");
  await expect(notice).toBeVisible();
  text = await textBesideNotice(page);
  expect(text).toMatch(/\d{1,2}:\d{2} [AP]M Central Time \(Chicago\)/);
  expect(text).not.toContain("India Standard Time");
  await page
    .getByRole("link", { name: /^Sessions of the section of / })
    .first()
    .click();
  await expect(page.getByText(/the next eight weeks, in Central Time \(Chicago\)\./)).toBeVisible();
  text = await textBesideNotice(page);
  expect(text).not.toMatch(RAW_ZONE);
  expect(text).not.toContain("India Standard Time");
  await page.goto("/share-a-message");
  text = await textBesideNotice(page);
  expect(text).toMatch(/\d{1,2}:\d{2} [AP]M Central Time \(Chicago\)/);
  expect(text).not.toContain("India Standard Time");

  // Keep: remembered in this browser, the account's zone untouched (other specs read it).
  await notice.getByRole("button", { name: "Keep Central Time" }).click();
  await expect(notice).toHaveCount(0);
  await page.goto("/teacher/dashboard");
  await expect(page.getByText(/in Central Time \(Chicago\)\.$/).first()).toBeVisible();
  await expect(notice).toHaveCount(0);
  await context.close();
});

test("an admin on Berlin time on a computer in Los Angeles: the notice, and the queue, the users and a conversation in Berlin's clock", async ({
  browser,
}) => {
  test.slow(); // three browsers on a 2-core machine
  const email = await newYorkAccount(browser, "Europe/Berlin");
  const admin = await pageAs(browser, "admin");
  await admin.goto(`/admin/users?q=${encodeURIComponent(email)}`);
  await admin.getByLabel(`Role for ${email}`).selectOption("admin");
  await admin.getByRole("button", { name: `Change role of ${email}` }).click();
  await expect(admin.getByRole("row").filter({ hasText: email }).getByTestId("user-role")).toHaveText("Admin");
  await admin.context().close();

  const context = await browser.newContext({ timezoneId: "America/Los_Angeles" });
  await context.addCookies([consentCookie()]);
  const page = await context.newPage();
  await signIn(page, email, PASSWORD);

  // The support queue: the notice, and each request's time in Berlin's clock, named.
  await page.goto("/support/dashboard");
  const notice = page.getByRole("region", { name: NOTICE });
  await expect(notice).toContainText(
    "Your computer is set to Pacific Time (Los Angeles) but your account uses Central European Time (Berlin).",
  );
  await expect(notice).not.toContainText("weekly hours");
  const queue = page.getByRole("table", { name: "Demo requests, newest first" });
  await expect(queue.getByRole("row").nth(1)).toContainText(/\d{1,2}:\d{2} [AP]M Central European Time \(Berlin\)/);
  let text = await textBesideNotice(page);
  expect(text).not.toContain(" UTC");
  expect(text).not.toContain("Pacific Time");
  expect(text).not.toMatch(RAW_ZONE);
  await lookAt(page, "support-queue-berlin");

  // An admin table: the account's own row, created in Berlin's clock.
  await page.goto(`/admin/users?q=${encodeURIComponent(email)}`);
  await expect(page.getByRole("row").filter({ hasText: email })).toContainText(/\d{1,2}:\d{2} [AP]M Central European Time \(Berlin\)/);

  // A conversation staff open: the same clock (it was Pacific while the lists were UTC).
  await page.goto("/share-a-message");
  await page.locator('main a[href^="/messages/"]').first().click();
  await expect(page).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
  const messages = page.getByRole("list", { name: "Messages" });
  await expect(messages).toContainText(/\d{1,2}:\d{2} [AP]M Central European Time \(Berlin\)/);
  text = await textBesideNotice(page);
  expect(text).not.toContain("Pacific Time");
  expect(text).not.toContain(" UTC");
  await lookAt(page, "admin-thread-berlin");
  await context.close();
});
