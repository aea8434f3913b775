import { readFile } from "node:fs/promises";

import { expect, test } from "@playwright/test";

import { seriousA11yViolations } from "./support/a11y";
import { DemoForm } from "./support/demo-form";
import { bookSomeOpenTime } from "./support/open-times";
import { lookAt } from "./support/look";

test.use({ timezoneId: "America/Los_Angeles" });

test("a family books a demo, and the embedded mailbox shows its confirmation with the calendar invite", async ({ page }) => {
  // Booking, delivery and two axe scans on a busy 2-core machine.
  test.setTimeout(90_000);
  const email = `mailbox-${Date.now()}@example.com`;
  await page.goto("/book-free-demo/5");
  const form = new DemoForm(page);
  await form.email.fill(email);
  await form.course.selectOption({ label: "Python for Young Coders" });
  await page.getByRole("button", { name: "Book a free demo" }).click();
  await form.dialog.getByRole("button", { name: "Pick a time", exact: true }).click();
  const booked = form.dialog.getByRole("status").filter({ hasText: "Your free demo is booked for" });
  await bookSomeOpenTime(form.dialog.getByRole("region", { name: "Open times" }), booked);
  const statusPath = await booked.getByRole("link", { name: "See or change your booking" }).getAttribute("href");

  // The outbox sends right after each answer; the mailbox lists what the local SMTP server kept.
  await page.goto("/dev/mailbox");
  await expect(page.getByRole("heading", { name: "Mailbox" })).toBeVisible();
  const rows = page.getByRole("row").filter({ hasText: email });
  const bookedLink = rows.getByRole("link", { name: /^Your free demo is booked: .+ Pacific Time \(Los Angeles\)$/ });
  await expect(async () => {
    await page.reload();
    await expect(bookedLink).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(rows.getByRole("link", { name: "We received your free demo request" })).toBeVisible();
  await expect(rows, "one request message and one booking message for this family").toHaveCount(2);
  await lookAt(page, "mailbox");
  expect(await seriousA11yViolations(page)).toEqual([]);

  await bookedLink.click();
  await expect(page.getByRole("heading", { level: 1, name: /^Your free demo is booked/ })).toBeVisible();
  const text = page.getByRole("region", { name: "Text version" });
  await expect(text).toContainText(`${statusPath}`);
  await expect(text).toContainText("Python for Young Coders");
  await expect(
    page.frameLocator('iframe[title="HTML version of the message"]').getByRole("link", { name: "See, move or cancel your booking" }),
  ).toBeVisible();
  await lookAt(page, "message");
  // The message's own HTML is the email, not this page: the frame is sandboxed and runs no script.
  expect(await seriousA11yViolations(page, { exclude: ['iframe[title="HTML version of the message"]'] })).toEqual([]);

  const download = page.waitForEvent("download");
  await page.getByRole("region", { name: "Attachments" }).getByRole("link", { name: "invite.ics" }).click();
  const ics = (await readFile((await (await download).path())!, "utf8")).replace(/\r\n[ \t]/g, "");
  expect(ics).toContain("METHOD:REQUEST");
  expect(ics).toMatch(/DTSTART:\d{8}T\d{6}Z/);
  expect(ics).toMatch(/UID:[0-9a-f-]{36}@localhost/);
  expect(ics).toContain(`ATTENDEE;`);
  expect(ics).toContain(`mailto:${email}`);
});

test("the mailbox is not there for a request forwarded from another machine", async ({ request }) => {
  expect((await request.get("/dev/mailbox", { headers: { "x-forwarded-for": "203.0.113.9" } })).status()).toBe(404);
  expect((await request.get("/dev/mailbox")).status()).toBe(200);
});
