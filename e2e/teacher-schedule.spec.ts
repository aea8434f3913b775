import { expect, test, type Page } from "@playwright/test";

import { scanPage } from "./support/a11y";
import { demoAccount, signIn } from "./support/auth";
import { DemoForm } from "./support/demo-form";
import { bookSomeOpenTime } from "./support/open-times";
import { lookAt } from "./support/look";

/**
 * Issue 17, the teacher's half: availability in their own zone, sections of their courses, and the
 * dashboard's Upcoming list with the demos families book. The demo teacher (teacher@example.com) is
 * seeded with an approved profile in America/Chicago, hours every day, and the first technical
 * courses, Scratch Game Design among them (lib/wiring/seed/demo-teacher.ts, lib/teachers/demo-courses.ts).
 */
const COURSE = "Scratch Game Design";

/** Through the sign-in form: where a teacher lands after it is part of what this spec checks. */
async function signInAsTeacher(page: Page) {
  const { email, password } = demoAccount("teacher");
  await signIn(page, email, password);
  // With no page to return to, a teacher starts at their dashboard.
  await expect(page).toHaveURL(/\/teacher\/dashboard$/);
}

test("a family books a demo of the teacher's course and the teacher sees it on the dashboard, without the family's details", async ({
  browser,
  page,
}) => {
  // The family in its own browser (and zone); the teacher is the test's page (axe needs a page of a context).
  const familyContext = await browser.newContext({ timezoneId: "Europe/Berlin" });
  const family = await familyContext.newPage();
  await family.goto("/book-free-demo/3");
  const form = new DemoForm(family);
  await form.email.fill("scratch-family@example.com");
  await form.name.fill("Private Parentname");
  await form.course.selectOption({ label: COURSE });
  await family.getByRole("button", { name: "Book a free demo" }).click();
  await form.dialog.getByRole("button", { name: "Pick a time", exact: true }).click();
  const openTimes = form.dialog.getByRole("region", { name: "Open times" });
  await expect(
    openTimes.getByRole("button").first(),
    "the demo teacher is the course's only teacher, so the times are theirs",
  ).toBeVisible();
  await bookSomeOpenTime(openTimes, form.dialog.getByRole("status").filter({ hasText: "Your free demo is booked for" }));
  await familyContext.close();

  await signInAsTeacher(page);
  await page.goto("/teacher/dashboard");
  const upcoming = page.getByRole("region", { name: "Upcoming" });
  await expect(upcoming).toContainText("in Central Time (Chicago)");
  const demo = upcoming
    .getByRole("listitem")
    .filter({ hasText: `Free demo · ${COURSE}` })
    .filter({ hasText: "grade 3" });
  // Upcoming is paged by week (issue 31): the demo is this week or a later one.
  for (let week = 0; week < 3 && (await demo.count()) === 0; week++) {
    await upcoming.getByRole("link", { name: "Next week →" }).click();
    await expect(page).toHaveURL(new RegExp(`week=${week + 1}$`));
    await expect(upcoming).toContainText("in the week of");
  }
  await expect(demo.first()).toBeVisible();
  await expect(demo.first()).toContainText("Central Time (Chicago)");
  await expect(page.getByText("scratch-family@example.com")).toHaveCount(0);
  await expect(page.getByText("Private Parentname")).toHaveCount(0);
  await lookAt(page, "teacher-dashboard");
  expect((await scanPage(page, "/teacher/dashboard")).violations).toEqual([]);
});

test("the teacher edits weekly hours: an overlap answers beside the row and nothing is saved", async ({ page }) => {
  await signInAsTeacher(page);
  const { status, violations } = await scanPage(page, "/teacher/availability");
  expect(status).toBe(200);
  expect(violations).toEqual([]);
  await expect(page.getByText("Times are in your time zone, Central Time (Chicago).")).toBeVisible();

  const rows = page.getByRole("group", { name: /^Hours \d+$/ });
  const before = await rows.count();
  expect(before, "the seeded week: every day 08:00-20:00").toBe(7);
  // A new row is Monday 09:00-17:00: inside the seeded Monday.
  await page.getByRole("button", { name: "Add hours" }).click();
  await expect(rows).toHaveCount(before + 1);
  await page.getByRole("button", { name: "Save weekly hours" }).click();
  await expect(page.getByText("These hours overlap other hours on the same day.").first()).toBeVisible();
  await lookAt(page, "availability-overlap");

  // Moved to the evening after the seeded hours, it saves.
  const added = rows.nth(before);
  await added.getByLabel("From").fill("20:00");
  await added.getByLabel("To").fill("21:00");
  await page.getByRole("button", { name: "Save weekly hours" }).click();
  await expect(page.getByText("Your weekly hours are saved.").first()).toBeVisible();
  await page.reload();
  await expect(rows).toHaveCount(before + 1);

  // An exception: a day off.
  await page.getByLabel("Date").fill("2099-12-24");
  await page.getByRole("button", { name: "Add exception" }).click();
  await expect(page.getByText("Thu, Dec 24, 2099 · Day off")).toBeVisible();
});

test("the teacher creates a section, the rules answer beside the fields, and the section shows on the course page", async ({ page }) => {
  await signInAsTeacher(page);
  const { violations } = await scanPage(page, "/teacher/sections/new");
  expect(violations).toEqual([]);
  // An empty submit names every field that is missing, the days of the week too.
  await page.getByLabel("Capacity").fill("");
  await page.getByRole("button", { name: "Create section" }).click();
  await expect(page.getByText("Enter the price as an amount, like 149.00.").first()).toBeVisible();
  await expect(page.getByText("Choose at least one day of the week.").first()).toBeVisible();
  await expect(page.getByText("Capacity must be a whole number of at least 1.").first()).toBeVisible();
  // The price is in the shop's currency: there is no currency to type, and "Full" is not a status to pick.
  await expect(page.getByLabel("Price in USD")).toBeVisible();
  await expect(page.getByLabel("Currency")).toHaveCount(0);
  await expect(page.getByLabel("Status").locator("option")).toHaveText(["Draft (not shown to families)", "Open", "Closed (no classes)"]);

  await page.getByLabel("Course").selectOption({ label: COURSE });
  await page.getByLabel("Class type").selectOption({ label: "1-on-1" });
  await page.getByLabel("Capacity").fill("3");
  await page.getByLabel("Price").fill("123.45");
  await page.getByRole("checkbox", { name: "Tuesday" }).check();
  await page.getByRole("checkbox", { name: "Thursday" }).check();
  await page.getByLabel("Status").selectOption("open");
  await page.getByLabel("Meeting link").fill("javascript:alert(1)");
  await page.getByRole("button", { name: "Create section" }).click();
  await expect(page.getByText("A 1-on-1 section has exactly one seat.").first()).toBeVisible();
  await expect(page.getByText("Enter the meeting link as an https URL.").first()).toBeVisible();
  await expect(page.getByLabel("Capacity")).toBeFocused();
  await lookAt(page, "section-form-error");

  // After the refusal the form keeps, and saves, exactly what was chosen: both days.
  await page.getByLabel("Capacity").fill("1");
  await page.getByLabel("Meeting link").fill("");
  await page.getByRole("button", { name: "Create section" }).click();
  await expect(page).toHaveURL(/\/teacher\/sections$/);
  const row = page.getByRole("row").filter({ hasText: "$123.45" });
  await expect(row).toContainText(COURSE);
  await expect(row).toContainText("0 / 1");
  await expect(row).toContainText("Central Time (Chicago)");
  await row.getByRole("link", { name: /Edit/ }).click();
  await expect(page.getByRole("checkbox", { name: "Tuesday" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Thursday" })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Monday" })).not.toBeChecked();
  await page.goto("/teacher/sections");
  await lookAt(page, "sections");
  expect((await scanPage(page, "/teacher/sections")).violations).toEqual([]);

  // The course page is cached and revalidated on save (revalidatePath), so the next visit shows it.
  await page.goto("/courses/scratch-game-design");
  await expect(page.getByRole("region", { name: "Upcoming classes" })).toContainText("$123.45");
});
