import { expect, test, type Browser, type Page } from "@playwright/test";

import { accountMenu, consentCookie, pageAs, type DemoRole } from "./support/auth";
import { baseURL, brandPaths } from "./support/server";

/**
 * Phones: every page a visitor, a family, a teacher and staff reach fits 360 and 390 px wide with no
 * sideways scroll, and the header's menu opens with every item on screen.
 */
const WIDTHS = [360, 390] as const;

const publicPages = [
  "/",
  "/courses",
  "/courses/category/music",
  "/courses/scratch-game-design",
  "/book-free-demo",
  "/book-free-demo/5",
  "/class-finder",
  "/contact",
  "/blog",
  "/privacy-policy",
  "/terms-of-service",
  "/gift-a-course",
  "/signin",
  "/signup",
  "/reset-password",
  brandPaths.join,
];

const familyPages = [
  "/",
  "/courses",
  "/courses/scratch-game-design",
  "/my-courses",
  "/cart",
  brandPaths.wallet,
  "/user/edit-profile",
  "/user/edit-password",
  "/share-a-message",
  "/gift-a-course",
  "/gift-a-course/buy",
  "/gift-a-course/redeem",
  "/report",
  "/deleteaccount",
  "/book-free-demo/5",
];

const teacherPages = [
  "/teacher/dashboard",
  "/teacher/courses",
  "/teacher/sections",
  "/teacher/sections/new",
  "/teacher/availability",
  "/teacher/earnings",
  "/share-a-message",
  "/user/edit-profile",
  "/courses",
];

const adminPages = [
  "/admin/dashboard",
  "/admin/applications",
  "/admin/courses",
  "/admin/courses/new",
  "/admin/sections",
  "/admin/sections/new",
  "/admin/orders",
  "/admin/users",
  "/admin/earnings",
  "/admin/events",
  "/admin/outbox",
  "/support/safety",
  "/share-a-message",
];

const supportPages = ["/support/dashboard", "/support/safety", "/share-a-message", "/user/edit-profile"];

/** Pages reached by following a list's first link (their ids come from the seeded data). */
const followedPages: Record<DemoRole, Array<{ from: string; link: RegExp }>> = {
  student: [{ from: "/share-a-message", link: /^\/messages\/[\w-]+$/ }],
  teacher: [
    { from: "/teacher/sections", link: /^\/teacher\/sections\/\d+$/ },
    { from: "/teacher/sections", link: /^\/teacher\/sections\/\d+\/sessions$/ },
    { from: "/teacher/sections", link: /^\/teacher\/sections\/\d+\/attendance$/ },
  ],
  admin: [
    { from: "/admin/courses", link: /^\/admin\/courses\/\d+$/ },
    { from: "/admin/sections", link: /^\/admin\/sections\/\d+$/ },
    { from: "/admin/sections", link: /^\/admin\/sections\/\d+\/sessions$/ },
  ],
  support: [{ from: "/support/dashboard", link: /^\/support\/requests\/[\w-]+$/ }],
};

async function hrefMatching(page: Page, from: string, pattern: RegExp): Promise<string> {
  await page.goto(from);
  const hrefs = await page.locator("main a[href]").evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  const href = hrefs.map((h) => h.split(/[?#]/)[0] ?? "").find((h) => pattern.test(h));
  expect(href, `a link matching ${pattern} on ${from}`).toBeTruthy();
  return href!;
}

/**
 * The document is no wider than the window at any of the phone widths: nothing scrolls sideways.
 * The page is opened once and the window narrowed and widened over it (a resize lays the page out
 * again, as a phone turned or another phone would), instead of one visit per width.
 */
async function expectNoSidewaysScroll(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), `status of ${path}`).toBeLessThan(400);
  await page.waitForLoadState("load");
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    const widths = await page.evaluate(() => ({ scroll: document.scrollingElement!.scrollWidth, window: window.innerWidth }));
    if (widths.scroll > widths.window) {
      const culprits = await page.evaluate(() =>
        [...document.querySelectorAll("body *")]
          .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 1)
          .slice(0, 5)
          .map((el) => `${el.tagName.toLowerCase()}.${(el.getAttribute("class") ?? "").slice(0, 80)}`),
      );
      expect(
        widths.scroll,
        `${path} is ${widths.scroll} px wide on a ${widths.window} px screen: ${culprits.join(" | ")}`,
      ).toBeLessThanOrEqual(widths.window);
    }
  }
}

/** Every item of an open menu is visible and inside the window. */
async function expectMenuItemsOnScreen(page: Page, items: ReturnType<Page["locator"]>) {
  const count = await items.count();
  expect(count).toBeGreaterThan(0);
  const innerWidth = await page.evaluate(() => window.innerWidth);
  for (let i = 0; i < count; i++) {
    const item = items.nth(i);
    await expect(item).toBeVisible();
    const box = (await item.boundingBox())!;
    expect(box.x, `${await item.innerText()}: left edge`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${await item.innerText()}: right edge`).toBeLessThanOrEqual(innerWidth);
  }
}

async function phonePageAs(browser: Browser, role: DemoRole, width: number) {
  const page = await pageAs(browser, role);
  await page.setViewportSize({ width, height: 800 });
  return page;
}

/** The header's menu at each width: it opens and every item is inside the window. */
async function expectMenuAtEveryWidth(page: Page, open: () => Promise<void>, items: () => ReturnType<Page["locator"]>) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await open();
    await expectMenuItemsOnScreen(page, items());
    await page.keyboard.press("Escape");
    await page.reload();
  }
}

test.describe(`phones ${WIDTHS.join(" and ")} px wide`, () => {
  test("a visitor: every public page fits, and the menu's links are all on screen", async ({ page, context }) => {
    test.setTimeout(180_000);
    await context.addCookies([consentCookie(baseURL)]);
    await page.setViewportSize({ width: WIDTHS[0], height: 800 });
    for (const path of publicPages) await expectNoSidewaysScroll(page, path);
    await page.goto("/courses");
    await expectMenuAtEveryWidth(
      page,
      () => page.locator("summary", { hasText: "Menu" }).click(),
      () => page.getByRole("navigation", { name: "Main" }).locator("details ul a"),
    );
  });

  const rolePages: Array<[DemoRole, string[]]> = [
    ["student", familyPages],
    ["teacher", teacherPages],
    ["admin", adminPages],
    ["support", supportPages],
  ];
  for (const [role, paths] of rolePages) {
    test(`the demo ${role}: every page fits, the account menu opens and each item is on screen`, async ({ browser }) => {
      test.setTimeout(240_000);
      const page = await phonePageAs(browser, role, WIDTHS[0]);
      const followed: string[] = [];
      for (const { from, link } of followedPages[role]) followed.push(await hrefMatching(page, from, link));
      for (const path of [...paths, ...followed]) await expectNoSidewaysScroll(page, path);

      await page.goto(paths[0]!);
      const menu = page.getByRole("list", { name: "Account" });
      await expectMenuAtEveryWidth(
        page,
        () => accountMenu(page).click(),
        () => menu.locator("li:visible"),
      );
      // The family finds its courses from the bar's menu on a phone.
      if (role === "student") {
        await accountMenu(page).click();
        await expect(menu.getByRole("link", { name: "My courses" })).toBeVisible();
      }
      await page.context().close();
    });
  }
});
