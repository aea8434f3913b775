import { expect, type Page } from "@playwright/test";

import { callServerAction } from "./server-actions";

/**
 * As a signed-in admin: a published lifestyle course of the spec's own (grades 1-12), so no other
 * spec's pages change. Through the course form's server action, not the form: the specs that need a
 * course test what happens to its sections; e2e/admin.spec.ts tests the form.
 */
export async function createCourseAsAdmin(page: Page, course: { title: string; slug: string; description: string }): Promise<void> {
  const answer = await callServerAction(page, {
    file: "app/(dashboards)/admin/courses/actions.ts",
    name: "createCourseAction",
    pagePath: "/admin/courses/new",
    args: [{ ...course, category: "lifestyle", gradeMin: 1, gradeMax: 12, isFeatured: false, isPublished: true, teacherId: null }],
  });
  expect(answer).toContain(`Course '${course.slug}' created.`);
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
