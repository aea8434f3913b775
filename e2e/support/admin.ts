import { expect, type Page } from "@playwright/test";

/** As a signed-in admin: a lifestyle course of the spec's own, so no other spec's pages change. */
export async function createCourseAsAdmin(page: Page, course: { title: string; slug: string; description: string }): Promise<void> {
  await page.goto("/admin/courses/new");
  await page.getByLabel("Title").fill(course.title);
  await page.getByLabel("Slug").fill(course.slug);
  await page.getByLabel("Category").selectOption("lifestyle");
  await page.getByLabel("Description").fill(course.description);
  await page.getByRole("button", { name: "Create course" }).click();
  await expect(page).toHaveURL(/\/admin\/courses$/);
}

/**
 * As a signed-in admin: an open section of that course (the form's defaults otherwise), on the
 * weekdays given; its edit path, whose last segment is the section id.
 */
export async function createSectionAsAdmin(
  page: Page,
  section: { courseTitle: string; price: string; days: string[]; capacity?: string },
): Promise<string> {
  await page.goto("/admin/sections/new");
  await page.getByLabel("Course").selectOption({ label: section.courseTitle });
  if (section.capacity) await page.getByLabel("Capacity").fill(section.capacity);
  await page.getByLabel("Price").fill(section.price);
  for (const day of section.days) await page.getByRole("checkbox", { name: day }).check();
  await page.getByLabel("Status").selectOption("open");
  await page.getByRole("button", { name: "Create section" }).click();
  await expect(page).toHaveURL(/\/admin\/sections$/);
  const row = page.getByRole("row").filter({ hasText: section.courseTitle });
  return (await row.getByRole("link", { name: /^Edit/ }).getAttribute("href"))!;
}
