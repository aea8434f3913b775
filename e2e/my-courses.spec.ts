import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";

import { expect, test, type Download, type Page } from "@playwright/test";

import { scanPage } from "./support/a11y";
import { signInAs } from "./support/auth";
import { DemoForm } from "./support/demo-form";
import { bookSomeOpenTime, someOpenTime } from "./support/open-times";
import { lookAt } from "./support/look";

// The family's browser zone: the picker, the status page and a new account's zone all start here.
test.use({ timezoneId: "America/Los_Angeles" });

const COURSE = "Python for Young Coders";

/** The .ics as text, folded lines joined (RFC 5545 3.1). */
async function calendarText(download: Download): Promise<string> {
  return (await readFile((await download.path())!, "utf8")).replace(/\r\n[ \t]/g, "");
}

/** DTSTART (UTC form, 20260305T170000Z) back to an ISO instant. */
function dtstartInstant(ics: string): string {
  const match = /DTSTART:(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z/.exec(ics);
  expect(match, "DTSTART in UTC").not.toBeNull();
  const [, y, mo, d, h, mi, s] = match!;
  return new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`).toISOString();
}

/** From the course page's "Book a free demo" to a booked time; answers the status page's path and the picked time's label. */
async function bookFromCoursePage(page: Page, email: string) {
  await page.goto("/courses/python-for-young-coders");
  await page
    .getByRole("link", { name: `Book a free demo of ${COURSE}` })
    .first()
    .click();
  await expect(page).toHaveURL(/\/book-free-demo\?course=\d+$/);
  const form = new DemoForm(page);
  // The course page's course is chosen: the parent does not pick it again.
  await expect(form.course.locator("option:checked")).toHaveText(COURSE);
  await form.email.fill(email);
  await form.grade.selectOption("5");
  await page.getByRole("button", { name: "Book a free demo" }).click();
  await expect(form.dialog).toBeVisible();
  await form.dialog.getByRole("button", { name: "Pick a time", exact: true }).click();
  const picker = form.dialog.getByRole("region", { name: "Open times" });
  await expect(picker.getByText("Pacific Time (Los Angeles)")).toBeVisible();
  const slot = await someOpenTime(picker);
  const slotTime = (await slot.textContent())!.trim();
  await slot.click();
  const booked = form.dialog.getByRole("status");
  await expect(booked).toContainText(`${slotTime} P`);
  const href = await booked.getByRole("link", { name: "See or change your booking" }).getAttribute("href");
  expect(href).toMatch(/^\/demo\/[\w-]{20,}$/);
  return { statusPath: href!, slotTime };
}

test.describe("a parent's demo from a course page (issue 17)", () => {
  test("books from the course page with the course chosen, sees it in their own time, gets an .ics of the same instant, reschedules, cancels", async ({
    page,
  }) => {
    const { statusPath, slotTime } = await bookFromCoursePage(page, `course.${randomUUID().slice(0, 8)}@example.com`);

    await page.goto(statusPath);
    await expect(page.getByRole("heading", { name: "Your free demo" })).toBeVisible();
    await expect(page.getByText(COURSE)).toBeVisible();
    const when = page.locator("dd time");
    // In the family's own zone, named, at the time they picked.
    await expect(when).toContainText(`${slotTime} P`);
    await expect(when).toContainText("Pacific Time (Los Angeles)");
    const bookedInstant = new Date((await when.getAttribute("datetime"))!).toISOString();

    const firstIcs = page.waitForEvent("download");
    await page.getByRole("link", { name: "Add to calendar" }).click();
    const ics = await calendarText(await firstIcs);
    expect(dtstartInstant(ics)).toBe(bookedInstant);
    expect(ics).toContain("SEQUENCE:0");

    await page.getByRole("button", { name: "Reschedule" }).click();
    await bookSomeOpenTime(
      page.getByRole("region", { name: "Open times" }),
      page.getByRole("status").filter({ hasText: "Your free demo has moved." }),
    );
    await expect(when).not.toHaveAttribute("datetime", bookedInstant);
    const movedInstant = new Date((await when.getAttribute("datetime"))!).toISOString();
    const secondIcs = page.waitForEvent("download");
    await page.getByRole("link", { name: "Add to calendar" }).click();
    const movedIcs = await calendarText(await secondIcs);
    expect(dtstartInstant(movedIcs)).toBe(movedInstant);
    // The same event, updated: one UID, the next SEQUENCE.
    expect(movedIcs.match(/UID:(.+)/)?.[1]).toBe(ics.match(/UID:(.+)/)?.[1]);
    expect(movedIcs).toContain("SEQUENCE:1");
    await lookAt(page, "status-moved");

    await page.getByRole("button", { name: "Cancel", exact: true }).click();
    await page.getByRole("dialog", { name: "Cancel the free demo?" }).getByRole("button", { name: "Cancel the demo" }).click();
    await expect(page.getByText("Cancelled", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Add to calendar" })).toHaveCount(0);
  });

  test("a signed-out visitor cannot see another family's booking or account", async ({ page, request, baseURL }) => {
    expect((await request.get(`/demo/${randomUUID().replaceAll("-", "")}`)).status()).toBe(404);
    expect((await request.get("/demo/not-a-token")).status()).toBe(404);

    const myCourses = await page.goto("/my-courses");
    expect(myCourses?.ok()).toBe(true);
    await expect(page).not.toHaveURL(/\/my-courses$/);
    expect(new URL(page.url()).searchParams.get("callbackUrl")).toBe("/my-courses");
    await expect(page.getByRole("heading", { name: "Your demo bookings" })).toHaveCount(0);

    // Another family's request with a name only it knows; the demo student's list never shows it.
    const marker = `Other Family ${randomUUID().slice(0, 6)}`;
    const other = await request.post("/api/book-free-demo", {
      headers: { origin: baseURL! },
      data: { userEmail: `other.${randomUUID().slice(0, 8)}@example.com`, course: "not-sure", name: marker, grade: 2 },
    });
    expect(other.status()).toBe(201);
    await signInAs(page, "student");
    await page.goto("/my-courses");
    await expect(page.getByRole("heading", { name: "Your demo requests" })).toBeVisible();
    await expect(page.getByText(marker)).toHaveCount(0);
    await expect(page.getByRole("table", { name: "Your demo bookings" }).getByText(marker)).toHaveCount(0);
  });
});

test.describe("/my-courses for a signed-in parent (issue 17)", () => {
  test("the account starts in the browser's zone; a child is added and renamed; times follow the zone chosen on the profile", async ({
    page,
  }) => {
    const email = `parent.${randomUUID().slice(0, 8)}@example.com`;
    await page.goto("/signup");
    await page.getByLabel("Your name").fill("Pat Parent");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("parent-password-1");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(/\/my-courses$/);

    // Signed in, from the course page: the request is the account's own, so its booking shows at once.
    const { slotTime } = await bookFromCoursePage(page, email);

    await page.goto("/my-courses");
    const bookings = page.getByRole("table", { name: "Your demo bookings" });
    const row = bookings.locator("tbody tr").first();
    await expect(row).toContainText(COURSE);
    await expect(row).toContainText(`${slotTime} P`);
    await expect(row).toContainText("Pacific Time (Los Angeles)");
    await expect(row).toContainText("Confirmed");
    const statusHref = await row.getByRole("link", { name: /See or change/ }).getAttribute("href");
    expect(statusHref).toMatch(/^\/demo\/[\w-]{20,}$/);
    const instant = (await row.locator("time").getAttribute("datetime"))!;

    // The demo's child came with it (the form asks the parent's name, not the child's): the parent names them.
    const children = page.getByRole("region", { name: "Your children" });
    await expect(children).toContainText("Your child · Grade 5");
    await children.getByRole("button", { name: "Edit Your child" }).click();
    await children.getByLabel("First name").first().fill("Mia");
    await children.getByRole("button", { name: "Save Your child" }).click();
    await expect(children.getByRole("status")).toHaveText("Mia's details have been saved.");
    await expect(row).toContainText("Mia");
    // She has a live demo: removing her is refused, with the reason.
    await children.getByRole("button", { name: "Remove Mia" }).click();
    await expect(children.getByRole("alert")).toHaveText("This child has a demo or class booked. Cancel it first, then remove the child.");

    await page.getByRole("button", { name: "Add child" }).click();
    await expect(page.locator("#learner-new-firstName-error")).toHaveText("Enter the child's first name.");
    await expect(page.locator("#learner-new-grade-error")).toHaveText("Choose a grade from 1 to 12.");
    await expect(page.locator("#learner-new-firstName")).toBeFocused();
    await page.locator("#learner-new-firstName").fill("Leo");
    await page.locator("#learner-new-grade").selectOption("7");
    await page.locator("#learner-new-birthYear").fill("2014");
    await page.getByRole("button", { name: "Add child" }).click();
    await expect(children.getByRole("status")).toHaveText("Leo has been added.");
    await expect(children).toContainText("Leo · Grade 7 · born 2014");
    await page.getByRole("button", { name: "I Understand" }).click();
    await lookAt(page, "my-courses");

    await page.goto("/user/edit-profile");
    const zone = page.getByLabel("Time zone");
    await expect(zone).toHaveValue("America/Los_Angeles");
    await zone.selectOption("Asia/Tokyo");
    await page.getByRole("button", { name: "Save time zone" }).click();
    await expect(page.getByText("Times are now shown in Japan Standard Time (Tokyo).")).toBeVisible();
    await lookAt(page, "edit-profile");

    await page.goto("/my-courses");
    const tokyo = new Intl.DateTimeFormat("en-US", {
      timeZone: "Asia/Tokyo",
      hour: "numeric",
      minute: "2-digit",
    }).format(new Date(instant));
    await expect(row).toContainText(`${tokyo} Japan Standard Time (Tokyo)`);
    // Each list of times (demo bookings, enrolments, classes) names the zone.
    await expect(page.getByText("Times in Japan Standard Time (Tokyo).").first()).toBeVisible();
    await lookAt(page, "my-courses-tokyo");

    for (const path of ["/my-courses", "/user/edit-profile"]) {
      const { status, violations } = await scanPage(page, path);
      expect(status, path).toBe(200);
      expect(violations, path).toEqual([]);
    }
  });
});
