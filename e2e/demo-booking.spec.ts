import { readFile } from "node:fs/promises";

import { expect, test } from "@playwright/test";

import { DemoForm } from "./support/demo-form";
import { someOpenTime } from "./support/open-times";
import { lookAt } from "./support/look";

test.use({ timezoneId: "America/Los_Angeles" });

test("after the demo form a signed-out family picks a time, sees when, and manages it on its status page", async ({ page }) => {
  await page.goto("/book-free-demo/4");
  const form = new DemoForm(page);
  await form.email.fill("picker@example.com");
  await form.course.selectOption({ label: "Mobile Apps with MIT App Inventor" });
  await page.getByRole("button", { name: "Book a free demo" }).click();
  await expect(form.dialog).toBeVisible();
  // The spec's dialog keeps its title and text.
  await expect(form.dialog.getByRole("heading", { name: "Thank you!" })).toBeVisible();

  await form.dialog.getByRole("button", { name: "Pick a time", exact: true }).click();
  const picker = form.dialog.getByRole("region", { name: "Open times" });
  await expect(picker.getByText("Pacific Time (Los Angeles)")).toBeVisible();
  await expect(
    picker.getByRole("button").first(),
    "seeded teachers (seedSchedules at start) offer demo slots for Mobile Apps with MIT App Inventor",
  ).toBeVisible();
  // Times that suit a child in Los Angeles (issue 31): 3 PM to 7 PM on weekdays, daytime at weekends.
  const labels = await picker.getByRole("button").evaluateAll((buttons) => buttons.map((b) => b.getAttribute("aria-label") ?? ""));
  expect(labels.length).toBeGreaterThan(0);
  for (const label of labels) {
    const [, day, hour, minute, half] = /^(\w{3}), .+, (\d{1,2}):(\d{2}) (AM|PM)$/.exec(label) ?? [];
    const start = ((Number(hour) % 12) + (half === "PM" ? 12 : 0)) * 60 + Number(minute);
    const [from, to] = day === "Sat" || day === "Sun" ? [9 * 60, 18 * 60] : [15 * 60, 19 * 60];
    expect(start, label).toBeGreaterThanOrEqual(from);
    expect(start + 30, label).toBeLessThanOrEqual(to);
  }
  const firstTime = await someOpenTime(picker);
  await lookAt(page, "picker", { fullPage: false });
  await firstTime.click();

  const booked = form.dialog.getByRole("status");
  await expect(booked).toContainText(/Your free demo is booked for .+ Pacific Time \(Los Angeles\)\./);
  const statusLink = booked.getByRole("link", { name: "See or change your booking" });
  const href = await statusLink.getAttribute("href");
  expect(href).toMatch(/^\/demo\/[\w-]{20,}$/);

  await page.goto(href!);
  await expect(page.getByRole("heading", { name: "Your free demo" })).toBeVisible();
  await expect(page.getByText("Mobile Apps with MIT App Inventor")).toBeVisible();
  await expect(page.getByText("Pacific Time (Los Angeles)")).toBeVisible();
  await expect(page.getByText("Confirmed")).toBeVisible();
  await lookAt(page, "status");

  const downloadPromise = page.waitForEvent("download");
  await page.getByRole("link", { name: "Add to calendar" }).click();
  const download = await downloadPromise;
  const ics = (await readFile((await download.path())!, "utf8")).replace(/\r\n[ \t]/g, "");
  expect(ics).toMatch(/DTSTART:\d{8}T\d{6}Z/);
  expect(ics).toMatch(/UID:[0-9a-f-]{36}@/);
  expect(ics).toContain("SEQUENCE:0");

  // Cancel asks first (issue 31): Escape keeps the booking and gives focus back to Cancel.
  const cancel = page.getByRole("button", { name: "Cancel", exact: true });
  await cancel.click();
  const dialog = page.getByRole("dialog", { name: "Cancel the free demo?" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Keep the demo" })).toBeFocused();
  await lookAt(page, "cancel-dialog", { fullPage: false });
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(cancel).toBeFocused();
  await page.reload();
  await expect(page.getByText("Confirmed")).toBeVisible();

  // "Pick another time" offers the move instead.
  await page.getByRole("button", { name: "Cancel", exact: true }).click();
  await dialog.getByRole("button", { name: "Pick another time" }).click();
  await expect(page.getByRole("region", { name: "Open times" })).toBeVisible();

  await page.getByRole("button", { name: "Cancel", exact: true }).click();
  await dialog.getByRole("button", { name: "Cancel the demo" }).click();
  await expect(page.getByText("Your free demo is cancelled.")).toBeVisible();
  await expect(page.getByText("Cancelled", { exact: true })).toBeVisible();
  await expect(page.getByText("This booking was cancelled and cannot be moved.")).toBeVisible();

  // Booking again keeps the course and the family's details: one pick, a new status page.
  await page.getByRole("button", { name: "Book a new time" }).click();
  const newTimes = page.getByRole("region", { name: "Open times" });
  await (await someOpenTime(newTimes)).click();
  await expect(page).not.toHaveURL(href!);
  await expect(page).toHaveURL(/\/demo\/[\w-]{20,}$/);
  await expect(page.getByText("Mobile Apps with MIT App Inventor")).toBeVisible();
  await expect(page.getByText("Confirmed")).toBeVisible();
  await lookAt(page, "rebooked");

  expect((await page.request.get("/demo/no-such-token-aaaaaaaaaaaa")).status()).toBe(404);
});
