import { readFile } from "node:fs/promises";

import { expect, test } from "@playwright/test";

import { seriousA11yViolations } from "./support/a11y";
import { signInAs } from "./support/auth";
import { lookAt } from "./support/look";

/**
 * Issue 28, teachers' earnings: the demo teacher taught a class over the last three months (the
 * seed, lib/wiring/seed/past-teaching.ts). They read a month's statement and download its CSV,
 * connect a Stripe account through the local stand-in's TEST onboarding page; the admin pays the
 * month through Stripe (a transfer sent by the outbox) and it shows paid, to both.
 */
test.describe.configure({ mode: "serial" });

/** The last month that is over, as the pages name it ("October 2026"), and as YYYY-MM. */
function lastClosedMonth(): { label: string; iso: string } {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return {
    label: first.toLocaleDateString("en-US", { month: "long", year: "numeric", timeZone: "UTC" }),
    iso: first.toISOString().slice(0, 7),
  };
}

test("a teacher reads their month's statement and downloads it as CSV", async ({ page }) => {
  const month = lastClosedMonth();
  await signInAs(page, "teacher");
  await page.goto("/teacher/earnings");
  await expect(page.getByRole("heading", { level: 1, name: "Earnings" })).toBeVisible();
  const statements = page.getByRole("region", { name: "Your monthly statements" });
  // Header, this month, the three months of the running class, and the seeded ended class's month(s):
  // at least the running class's, each month once.
  const rows = statements.getByRole("row");
  await expect(rows.nth(4)).toBeVisible();
  const months = (await rows.allInnerTexts()).slice(1).map((text) => /^\w+ \d{4}/.exec(text.trim())?.[0]);
  expect(new Set(months).size).toBe(months.length);
  await expect(statements.getByRole("row", { name: new RegExp(month.label) })).toContainText("Due");
  const detail = page.getByRole("region", { name: `Statement for ${month.label}`, exact: true });
  await expect(detail).toBeVisible();
  // The month is the rule's (UTC); the statement reads it on the teacher's own clock, named (issue 41).
  await expect(detail.getByTestId("statement-month-span")).toHaveText(
    new RegExp(`^${month.label} on your clock: \\w{3}, .+ [AP]M to \\w{3}, .+ [AP]M (.+ \\(.+\\)|UTC) \\(the calendar month in UTC\\)\\.$`),
  );
  const net = (await detail.getByRole("definition").last().textContent())!.trim();
  expect(net).toMatch(/^\$\d+\.\d\d$/);
  // The rule is stated where the numbers are.
  await expect(page.getByText("Months are calendar months in UTC")).toBeVisible();
  await expect(page.getByText(/The platform keeps 30% of what is left after refunds and credits/)).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await lookAt(page, "earnings-teacher");

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    detail.getByRole("link", { name: `Download CSV for ${month.label}` }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^earnings-${month.iso}-teacher-\\d+\\.csv$`));
  const csv = (await readFile((await download.path())!, "utf8")).trim().split("\r\n");
  expect(csv[0]).toBe("month,line,date,time_zone,course,section,sessions,seats,amount_minor,amount,currency");
  expect(csv.at(-1)).toBe(`${month.iso},net,,,,,,,${net.replace(/[$.]/g, "").replace(/^0+/, "")},${net.slice(1)},USD`);
});

test("a teacher connects a Stripe account through the onboarding page", async ({ page }) => {
  await signInAs(page, "teacher");
  await page.goto("/teacher/earnings");
  await page.getByRole("button", { name: "Connect a Stripe account" }).click();
  await expect(page.getByRole("heading", { name: "Connect your payout account" })).toBeVisible();
  await expect(page.getByText("TEST MODE")).toBeVisible();
  await page.getByRole("button", { name: "Complete test onboarding" }).click();
  await expect(page).toHaveURL(/\/teacher\/earnings\?connect=ready$/);
  await expect(page.getByRole("status").filter({ hasText: "Your Stripe account is connected and ready for payouts." })).toBeVisible();
  await expect(page.getByText("Your Stripe account is connected", { exact: false }).first()).toBeVisible();
});

test("an admin pays the month through Stripe; it shows paid; a teacher cannot read another teacher's CSV", async ({ page, browser }) => {
  const month = lastClosedMonth();
  await signInAs(page, "admin");
  await page.goto("/admin/earnings");
  await expect(page.getByRole("heading", { level: 1, name: "Teachers' earnings" })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: "teacher@example.com" });
  await expect(row).toContainText("Due");
  expect(await seriousA11yViolations(page)).toEqual([]);
  await lookAt(page, "earnings-admin-due");

  await row.getByRole("button", { name: /through Stripe$/ }).click();
  await expect(page.getByText(new RegExp(`is being sent to .*'s Stripe account for ${month.label}\\.`)).first()).toBeAttached();
  // The outbox sends the transfer just after; the page shows it paid.
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole("row").filter({ hasText: "teacher@example.com" })).toContainText("Paid", { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole("row").filter({ hasText: "teacher@example.com" }).getByRole("button")).toHaveCount(0);
  await lookAt(page, "earnings-admin-paid");

  // Another teacher's id, from the admin's CSV links.
  const hrefs = await page.getByRole("link", { name: /^CSV/ }).evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  const demoHref = await row.getByRole("link", { name: /^CSV/ }).getAttribute("href");
  const other = hrefs.find((href) => href !== demoHref)!;
  expect(other).toMatch(/teacher=\d+$/);

  const teacher = await (await browser.newContext()).newPage();
  await signInAs(teacher, "teacher");
  await teacher.goto(`/teacher/earnings?month=${month.iso}`);
  const detail = teacher.getByRole("region", { name: `Statement for ${month.label}`, exact: true });
  await expect(detail.getByText(/^Paid \d{4}-\d{2}-\d{2}$/)).toBeVisible();
  await expect(detail.getByText(/Sent to your Stripe account \(transfer tr_/)).toBeVisible();
  await lookAt(teacher, "earnings-teacher-paid");
  // Another teacher's statement: no such statement, over HTTP with the teacher's own session.
  const refused = await teacher.request.get(other);
  expect(refused.status()).toBe(404);
  expect(await refused.json()).toMatchObject({ message: "There is no such statement." });
  expect((await teacher.request.get(demoHref!)).status()).toBe(200);
});

test("/become-a-teacher states the teachers' share from the same configuration", async ({ page }) => {
  await signInAs(page, "student");
  await page.goto("/become-a-teacher");
  await expect(
    page.getByText("Teachers receive 70% of what families pay for their classes; the platform keeps 30%", { exact: false }),
  ).toBeVisible();
});
