import { expect, test, type Page } from "@playwright/test";

import { seriousA11yViolations } from "./support/a11y";
import { brandPaths } from "./support/server";

const categories = ["technical", "academic", "language", "music", "lifestyle"] as const;

/** SPEC 2: every route anyone can open without signing in. */
const publicRoutes = [
  "/",
  "/book-free-demo/1",
  "/book-free-demo/12",
  "/book-free-demo",
  "/courses",
  ...categories.map((category) => `/courses/category/${category}`),
  "/contact",
  "/blog",
  "/privacy-policy",
  "/terms-of-service",
  "/gift-a-course",
  "/share-a-message",
  "/cart",
  "/asa",
  "/become-a-teacher",
  brandPaths.join,
];

/**
 * SPEC 2 routes that belong to identity (another issue): sign-in pages and pages behind
 * the guard of SPEC 4, the wallet among them. Turn each on as the issue lands, with a
 * signed-in fixture where the page needs one.
 */
const identityRoutes = [
  "/signin",
  "/signup",
  "/my-courses",
  "/user/edit-profile",
  "/user/edit-password",
  brandPaths.wallet,
  "/teacher/dashboard",
  "/admin/dashboard",
  "/support/dashboard",
  "/teacher/courses",
  "/deleteaccount",
];

/** The pages most visitors see, checked with axe. */
const mainPublicPages = ["/", "/book-free-demo", "/book-free-demo/5", "/courses", "/courses/category/technical", "/contact", brandPaths.join];

async function expectWellFormedPage(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), `status of ${path}`).toBeLessThan(400);
  // One h1 per page: the page's subject for readers, screen readers and search engines.
  await expect(page.locator("h1")).toHaveCount(1);
  await expect(page).toHaveTitle(/\S/);
}

test.describe("routes of SPEC 2", () => {
  for (const path of publicRoutes) {
    test(`${path} answers with one h1 and a title`, async ({ page }) => {
      await expectWellFormedPage(page, path);
    });
  }

  for (const path of identityRoutes) {
    test.fixme(`${path} answers with one h1 and a title`, async ({ page }) => {
      await expectWellFormedPage(page, path);
    });
  }

  for (const path of ["/book-free-demo/0", "/book-free-demo/13", "/book-free-demo/abc", "/courses/category/unknown"]) {
    test(`${path} is not found`, async ({ request }) => {
      expect((await request.get(path)).status()).toBe(404);
    });
  }

  test("legacy template links /index-2 to /index-9 lead home for good", async ({ request, baseURL }) => {
    for (let n = 2; n <= 9; n += 1) {
      const response = await request.get(`/index-${n}`, { maxRedirects: 0 });
      expect([301, 308], `status of /index-${n}`).toContain(response.status());
      expect(new URL(response.headers().location ?? "", baseURL).pathname, `location of /index-${n}`).toBe("/");
    }
  });
});

test.describe("accessibility of the main public pages", () => {
  for (const path of mainPublicPages) {
    test(`${path} has no serious or critical WCAG 2 A/AA violations`, async ({ page }) => {
      await page.goto(path);
      expect(await seriousA11yViolations(page)).toEqual([]);
    });
  }
});
