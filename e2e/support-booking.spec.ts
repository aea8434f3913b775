import { randomUUID } from "node:crypto";

import { expect, test, type APIRequestContext } from "@playwright/test";

import { seriousA11yViolations } from "./support/a11y";
import { demoAccount, signInAs } from "./support/auth";
import { baseURL } from "./support/server";
import { bookSomeOpenTime } from "./support/open-times";
import { lookAt } from "./support/look";

const COURSE = "Python for Young Coders";

// The scans below run while a toast is up: without its slide-in, axe measures it as people read it.
test.use({ reducedMotion: "reduce" });

/**
 * The scans' subject is the request page and its dialogs, not the toasts around them: a toast whose
 * 10 seconds end during a scan was measured half faded (a colour-contrast failure in one CI run).
 */
const scanOptions = { exclude: ["[data-sonner-toaster]"] };

/** A fresh demo request for a course with seeded teachers, through the public API as the form sends it. */
async function requestDemo(request: APIRequestContext, name: string, email: string) {
  const catalogue = await request.get("/api/v1/courses/category/technical");
  const { data } = (await catalogue.json()) as { data: { courses: Array<{ id: number; title: string }> } };
  const course = data.courses.find((c) => c.title === COURSE);
  expect(course, `${COURSE} is in the starting catalogue`).toBeTruthy();
  const response = await request.post("/api/book-free-demo", {
    headers: { origin: baseURL, "idempotency-key": `e2e-${randomUUID()}` },
    data: { name, userEmail: email, number: "+1 555 201 7788", course: String(course!.id), grade: 6, sourcePage: "/book-free-demo/6" },
  });
  expect(response.status()).toBe(201);
}

test("support books a demo time for a family, sees it on the request page, moves it and cancels it (issue 17)", async ({
  page,
  request,
}) => {
  const email = `booking.${randomUUID().slice(0, 8)}@example.com`;
  await requestDemo(request, "Booking Parent", email);

  const agent = demoAccount("support").email;

  await signInAs(page, "support");
  await page.goto(`/support/dashboard?q=${encodeURIComponent(email)}`);
  await page.getByRole("row").filter({ hasText: email }).getByRole("link", { name: "Booking Parent" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Booking Parent");

  // Nothing booked yet: the course's open times, in the agent's zone (users.timezone, UTC by default), named.
  const demo = page.getByRole("region", { name: "Demo time" });
  await expect(demo.getByText("No demo time is booked for this request.")).toBeVisible();
  const picker = demo.getByRole("region", { name: "Open times" });
  await expect(picker.getByText("Times in UTC")).toBeVisible();
  await expect(picker.getByRole("button").first(), "seeded teachers offer demo slots for Python for Young Coders").toBeVisible();
  expect(await seriousA11yViolations(page, scanOptions)).toEqual([]);
  await lookAt(page, "1-picker");

  // "Thu, Mar 12, 1:00 PM": the picker's day and time label the button.
  const pickedLabel = await bookSomeOpenTime(picker, demo.getByRole("status").filter({ hasText: /^Demo booked for / }));
  await expect(demo.getByRole("status")).toHaveText(/^Demo booked for .+\sUTC\.$/);
  const bookings = demo.getByRole("list", { name: "Demo bookings" });
  const booked = bookings.getByRole("listitem").first();
  await expect(booked).toContainText("Confirmed");
  // UTC's abbreviation is its name: said once.
  await expect(booked).not.toContainText("(UTC)");
  await expect(booked).toContainText(/With \S+/);
  // The picker's "Thu, Mar 12, 1:00 PM" is the booked "Thu, Mar 12, 2026, 1:00 PM UTC".
  const [weekday, date, time] = pickedLabel.split(", ");
  await expect(booked.locator("time")).toContainText(`${weekday}, ${date}, `);
  await expect(booked.locator("time")).toContainText(`${time} UTC`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Demo scheduled");
  await expect(page.getByLabel("Status")).toHaveValue("demo_scheduled");
  await expect(page.getByText(`${agent} booked the demo for`)).toBeVisible();
  await expect(page.getByText(`${agent} changed the status from New to Demo scheduled`)).toBeVisible();
  expect(await seriousA11yViolations(page, scanOptions)).toEqual([]);
  await lookAt(page, "2-booked");

  // The family's page for the same booking shows the same instant.
  const statusHref = await booked.getByRole("link", { name: /Family’s booking page/ }).getAttribute("href");
  expect(statusHref).toMatch(/^\/demo\/[\w-]{20,}$/);
  const bookedInstant = await booked.locator("time").getAttribute("datetime");
  const familyPage = await page.context().newPage();
  await familyPage.goto(statusHref!);
  await expect(familyPage.locator("time")).toHaveAttribute("datetime", bookedInstant!);
  await familyPage.close();

  // Move: the same teacher's other times.
  await demo.getByRole("button", { name: "Move to another time" }).click();
  await bookSomeOpenTime(demo.getByRole("region", { name: "Open times" }), demo.getByRole("status").filter({ hasText: /^Demo moved to / }));
  await expect(demo.getByRole("status")).toHaveText(/^Demo moved to .+\sUTC\.$/);
  await expect(bookings.locator("time").first()).not.toHaveAttribute("datetime", bookedInstant!);
  await expect(page.getByText(`${agent} moved the demo from`)).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Demo scheduled");

  // Cancel, with a confirmation first; the agent had booked it (a contact), so the lead goes back to Contacted.
  await demo.getByRole("button", { name: "Cancel the demo" }).click();
  await expect(demo.getByRole("button", { name: "Yes, cancel it" })).toBeFocused();
  expect(await seriousA11yViolations(page, scanOptions)).toEqual([]);
  await demo.getByRole("button", { name: "Yes, cancel it" }).click();
  await expect(demo.getByRole("status")).toHaveText("Demo cancelled.");
  await expect(bookings.getByRole("listitem").first()).toContainText("Cancelled");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Contacted");
  await expect(page.getByText(`${agent} changed the status from Demo scheduled to Contacted`)).toBeVisible();
  // Nothing live: the picker is back to book a new time.
  await expect(demo.getByRole("region", { name: "Open times" }).getByRole("button").first()).toBeVisible();
  await lookAt(page, "3-cancelled");

  // "Demo scheduled" by hand needs a booked time.
  await page.getByLabel("Status").selectOption({ label: "Demo scheduled" });
  await page.getByRole("button", { name: "Save status" }).click();
  await expect(page.getByText("Book a time for the demo first").first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Contacted");
});
