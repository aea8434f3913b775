import { expect, test, type Page } from "@playwright/test";

import { seriousA11yViolations } from "./support/a11y";
import { demoAccount, signIn } from "./support/auth";
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
  "/signin",
  "/signup",
  brandPaths.join,
];

/** SPEC 2 routes behind sign-in (the guard of SPEC 4, or a role check): opened as the admin demo account, who may see them all. */
const signedInRoutes = [
  "/my-courses",
  "/user/edit-profile",
  "/user/edit-password",
  brandPaths.wallet,
  "/teacher/dashboard",
  "/admin/dashboard",
  "/support/dashboard",
  "/teacher/courses",
  "/become-a-teacher",
  "/asa",
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

/** What search engines read on a public page: a description and its own absolute canonical URL. */
async function expectSearchMetadata(page: Page, path: string, baseURL: string) {
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /\S.{20,}/);
  const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
  const withoutTrailingSlash = (url: string) => url.replace(/\/$/, "");
  expect(withoutTrailingSlash(canonical ?? ""), `canonical of ${path}`).toBe(withoutTrailingSlash(new URL(path, baseURL).href));
}

/** The schema.org types in the page's JSON-LD scripts. */
async function structuredDataTypes(page: Page): Promise<string[]> {
  const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return scripts.flatMap((text) => {
    const data = JSON.parse(text) as { "@type"?: string; itemListElement?: Array<{ item?: { "@type"?: string } }> };
    return [data["@type"] ?? "", ...(data.itemListElement ?? []).map((entry) => entry.item?.["@type"] ?? "")];
  });
}

test.describe("routes of SPEC 2", () => {
  for (const path of publicRoutes) {
    test(`${path} answers with one h1, a title, a description and its canonical URL`, async ({ page, baseURL }) => {
      await expectWellFormedPage(page, path);
      await expectSearchMetadata(page, path, baseURL!);
    });
  }

  test("structured data: the organization on every page, the courses on the catalogue", async ({ page }) => {
    await page.goto("/");
    expect(await structuredDataTypes(page)).toContain("EducationalOrganization");
    await page.goto("/courses");
    const types = await structuredDataTypes(page);
    expect(types).toContain("ItemList");
    // At least 20 of the 25 seeded courses (the admin specs may unpublish one meanwhile).
    expect(types.filter((type) => type === "Course").length).toBeGreaterThanOrEqual(20);
  });

  test.describe("signed in", () => {
    test.beforeEach(async ({ page }) => {
      const admin = demoAccount("admin");
      await signIn(page, admin.email, admin.password);
    });
    for (const path of signedInRoutes) {
      test(`${path} answers with one h1 and a title`, async ({ page }) => {
        await expectWellFormedPage(page, path);
        await expect(page).toHaveURL(new RegExp(`${path.replace(/[/-]/g, "\\$&")}$`));
      });
    }
  });

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
