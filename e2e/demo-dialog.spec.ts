import { randomUUID } from "node:crypto";

import { expect, test } from "@playwright/test";

import { demoAccount, pageAs } from "./support/auth";
import { DemoForm } from "./support/demo-form";
import { linkInMail } from "./support/mailbox";
import { bookSomeOpenTime } from "./support/open-times";
import { baseURL } from "./support/server";
import { lookAt } from "./support/look";

test.use({ timezoneId: "America/Los_Angeles" });

const COURSE = "Mobile Apps with MIT App Inventor";
const RECEIVED = "We received your free demo request";

test("the demo dialog leads to picking a time; a repeat updates the first request; the email's link picks a time later", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = `dialog.${randomUUID().slice(0, 8)}@example.com`;
  const form = new DemoForm(page);
  const send = async (message: string) => {
    await page.goto("/book-free-demo/4");
    await form.email.fill(email);
    await form.course.selectOption({ label: COURSE });
    await form.message.fill(message);
    await page.getByRole("button", { name: "Book a free demo" }).click();
    await expect(form.dialog).toBeVisible();
  };

  await send("Weekends are best.");
  // The solid button, and the one in focus, is "Pick a time"; Close is the way out.
  const pick = form.dialog.getByRole("button", { name: "Pick a time", exact: true });
  await expect(pick).toBeFocused();
  await expect(pick).toHaveClass(/bg-brand-600/);
  await expect(form.dialog.getByRole("button", { name: "Close" })).not.toHaveClass(/bg-brand-600/);
  await expect(form.dialog).toContainText("The email we sent you has a link to pick a time later, too.");
  await lookAt(page, "dialog", { fullPage: false });
  await form.dialog.getByRole("button", { name: "Close" }).click();

  // The same family sends it again: the dialog says the first request was updated.
  await send("Weekday evenings after all.");
  await expect(form.dialog).toContainText("You had already asked today for this grade: we updated that request");
  await lookAt(page, "dialog-repeat", { fullPage: false });

  // One acknowledgement, carrying the link to pick a time.
  const link = await linkInMail(page, email, RECEIVED, new RegExp(`${baseURL}/book-free-demo/pick-a-time/\\S+`));
  await page.goto("/dev/mailbox");
  await expect(page.getByRole("row").filter({ hasText: email }).filter({ hasText: RECEIVED })).toHaveCount(1);

  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Pick a time for your free demo" })).toBeVisible();
  await expect(page.getByText(`A free demo of ${COURSE}`)).toBeVisible();
  const picker = page.getByRole("region", { name: "Open times" });
  const booked = page.getByRole("status").filter({ hasText: "Your free demo is booked for" });
  await bookSomeOpenTime(picker, booked);
  await expect(booked).toContainText("Pacific Time (Los Angeles)");
  await lookAt(page, "picked-from-email");

  // The link again: the demo is booked already, and the page says when instead of booking a second.
  await page.goto(link);
  await expect(page.getByText(/Your free demo of .+ is already booked for/)).toBeVisible();
  await expect(page.getByRole("link", { name: "See or change your booking" })).toHaveAttribute("href", /^\/demo\//);
});

test("a signed-in parent's demo form is filled from the account and offers its children", async ({ browser }) => {
  const page = await pageAs(browser, "student");
  await page.goto("/book-free-demo");
  const form = new DemoForm(page);
  await expect(form.email).toHaveValue(demoAccount("student").email);
  await expect(form.name).not.toHaveValue("");
  const child = page.getByLabel("For which child? (optional)");
  await expect(child.getByRole("option", { name: "Sam (Grade 5)" })).toBeAttached();
  await child.selectOption({ label: "Sam (Grade 5)" });
  // The child's grade is the request's.
  await expect(form.grade).toHaveValue("5");
  await expect(page.getByText("sign up with the same email")).toHaveCount(0);
  await lookAt(page, "signed-in-form");

  // Answered here: the demo student's requests belong to the specs that count them.
  await page.route("**/api/book-free-demo", (route) =>
    route.fulfill({
      status: 201,
      json: { ok: true, message: "Your demo request has been received.", id: "00000000-0000-4000-8000-000000000000" },
    }),
  );
  await form.course.selectOption({ label: "Not sure yet: help me choose" });
  const sent = page.waitForRequest("**/api/book-free-demo");
  await page.getByRole("button", { name: "Book a free demo" }).click();
  const body = (await sent).postDataJSON() as { learnerId: string; grade: string | number; userEmail: string };
  expect(Number(body.learnerId)).toBeGreaterThan(0);
  expect(Number(body.grade)).toBe(5);
  await expect(form.dialog).toBeVisible();
  await page.context().close();
});
