import { expect, test } from "@playwright/test";

import { scanPage } from "./support/a11y";
import { lookAt } from "./support/look";

// The viewer's zone: the seeded Python section meets in New York at 16:00, 1:00 PM in Los Angeles.
test.use({ timezoneId: "America/Los_Angeles" });

test.describe("course page (Schedules and booking)", () => {
  test("a seeded course's page from the catalogue: teacher, a section's local times with the zone, price, seats left, free demo", async ({
    page,
  }) => {
    await page.goto("/courses");
    await page.getByRole("link", { name: "Python for Young Coders", exact: true }).click();
    await expect(page).toHaveURL(/\/courses\/python-for-young-coders$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Python for Young Coders");

    // "Teachers" when more than one teaches it (the demo teacher is assigned this course too).
    const teachers = page.getByRole("region", { name: /^(Your teacher|Teachers)$/ });
    await expect(teachers.getByRole("heading", { name: "Ms. Rivera" })).toBeVisible();
    await expect(teachers).toContainText("coding clubs");

    // Ms. Rivera's section (other specs add the demo teacher's sections to this course as they run).
    const section = page
      .getByRole("region", { name: "Upcoming classes" })
      .getByRole("listitem")
      .filter({ hasText: "With Ms. Rivera" })
      .first();
    await expect(section).toContainText("With Ms. Rivera");
    // After hydration, in the viewer's zone with its name (the server rendered New York's).
    await expect(section.getByTestId("weekly-times")).toHaveText("Tuesdays and Thursdays 1:00 PM Pacific Time (Los Angeles)");
    await expect(section.getByRole("definition").first()).toHaveText("$149.00");
    await expect(section).toContainText("Seats left6");

    const demo = page.getByRole("link", { name: "Book a free demo of Python for Young Coders" }).first();
    // With this course: the booking form chooses it (e2e/my-courses.spec.ts follows the link).
    await expect(demo).toHaveAttribute("href", /^\/book-free-demo\?course=\d+$/);

    const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
    const jsonLd = scripts.map((text) => JSON.parse(text)).find((data) => data["@type"] === "Course");
    // One CourseInstance per open section (other specs add sections to this course as they run).
    expect(jsonLd).toMatchObject({ "@type": "Course" });
    expect(jsonLd.hasCourseInstance).toEqual(
      expect.arrayContaining([expect.objectContaining({ "@type": "CourseInstance", courseMode: "online" })]),
    );

    await page.getByRole("button", { name: "I Understand" }).click();
    await lookAt(page, "course-page-desktop");
    await page.setViewportSize({ width: 390, height: 844 });
    await lookAt(page, "course-page-phone");
  });

  test("has no serious accessibility violations, and an unknown course is a 404", async ({ page }) => {
    const { status, violations } = await scanPage(page, "/courses/python-for-young-coders");
    expect(status).toBe(200);
    expect(violations).toEqual([]);
    const missing = await page.goto("/courses/no-such-course");
    expect(missing?.status()).toBe(404);
  });
});
