import { readFile } from "node:fs/promises";

import { expect, test } from "@playwright/test";

import { DemoForm } from "./support/demo-form";
import { someOpenTime } from "./support/open-times";

test.use({ timezoneId: "America/Los_Angeles" });

test("after the demo form a signed-out family picks a time, sees when, and manages it on its status page", async ({ page }, testInfo) => {
  await page.goto("/book-free-demo/5");
  const form = new DemoForm(page);
  await form.email.fill("picker@example.com");
  await form.course.selectOption({ label: "Python for Young Coders" });
  await page.getByRole("button", { name: "Book a free demo" }).click();
  await expect(form.dialog).toBeVisible();
  // The spec's dialog keeps its title and text.
  await expect(form.dialog.getByRole("heading", { name: "Thank you!" })).toBeVisible();

  await form.dialog.getByRole("button", { name: "Pick a time for the free demo" }).click();
  const picker = form.dialog.getByRole("region", { name: "Open times" });
  await expect(picker.getByText("Pacific Time (Los Angeles)")).toBeVisible();
  await expect(
    picker.getByRole("button").first(),
    "seeded teachers (seedSchedules at start) offer demo slots for Python for Young Coders",
  ).toBeVisible();
  const firstTime = await someOpenTime(picker);
  await page.screenshot({ path: testInfo.outputPath("picker.png") });
  await firstTime.click();

  const booked = form.dialog.getByRole("status");
  await expect(booked).toContainText(/Your free demo is booked for .+ Pacific Time \(Los Angeles\)\./);
  const statusLink = booked.getByRole("link", { name: "See or change your booking" });
  const href = await statusLink.getAttribute("href");
  expect(href).toMatch(/^\/demo\/[\w-]{20,}$/);

  await page.goto(href!);
  await expect(page.getByRole("heading", { name: "Your free demo" })).toBeVisible();
  await expect(page.getByText("Python for Young Coders")).toBeVisible();
  await expect(page.getByText("Pacific Time (Los Angeles)")).toBeVisible();
  await expect(page.getByText("Confirmed")).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("status.png"), fullPage: true });

  const downloadPromise = page.waitForEvent("download");
  await page.getByRole("link", { name: "Add to calendar" }).click();
  const download = await downloadPromise;
  const ics = (await readFile((await download.path())!, "utf8")).replace(/\r\n[ \t]/g, "");
  expect(ics).toMatch(/DTSTART:\d{8}T\d{6}Z/);
  expect(ics).toMatch(/UID:[0-9a-f-]{36}@/);
  expect(ics).toContain("SEQUENCE:0");

  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByText("Your free demo is cancelled.")).toBeVisible();
  await expect(page.getByText("Cancelled", { exact: true })).toBeVisible();
  await expect(page.getByText("This booking was cancelled and cannot be rescheduled.")).toBeVisible();

  expect((await page.request.get("/demo/no-such-token-aaaaaaaaaaaa")).status()).toBe(404);
});
