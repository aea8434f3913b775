import { expect, test, type Locator } from "@playwright/test";

test.describe("home (SPEC 2)", () => {
  test("the 'Book your class' banner offers Grade 1 to 12, each leading to its booking page", async ({ page }) => {
    await page.goto("/");
    const banner = page.getByRole("region", { name: "Book your class" });
    await expect(banner.getByRole("link")).toHaveText(Array.from({ length: 12 }, (_, i) => `Grade ${i + 1}`));
    await banner.getByRole("link", { name: "Grade 7", exact: true }).click();
    await expect(page).toHaveURL(/\/book-free-demo\/7$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Book a free demo class for Grade 7");
  });

  test("links prefetch on intent, not on arrival: a phone downloads only the page it asked for", async ({ page }) => {
    const prefetches: string[] = [];
    page.on("request", (r) => {
      if (r.headers()["next-router-prefetch"]) prefetches.push(new URL(r.url()).pathname);
    });
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    expect(prefetches).toEqual([]);
    const grade = page.getByRole("region", { name: "Book your class" }).getByRole("link", { name: "Grade 3", exact: true });
    const prefetched = page.waitForRequest(
      (r) => Boolean(r.headers()["next-router-prefetch"]) && new URL(r.url()).pathname === "/book-free-demo/3",
    );
    await grade.hover();
    await prefetched;
  });

  test("'Book a free demo' leads to /book-free-demo, inside the app (no page reload)", async ({ page }) => {
    await page.goto("/");
    await page.evaluate(() => ((window as { __samePage?: boolean }).__samePage = true));
    await page.getByRole("link", { name: "Book a free demo", exact: true }).first().click();
    await expect(page).toHaveURL(/\/book-free-demo$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // IntentLink's navigator took the click to the App Router: the window is the same one.
    expect(await page.evaluate(() => (window as { __samePage?: boolean }).__samePage)).toBe(true);
  });

  test("right after the start, the course cards show the seeded classes' next class and price (issue 29)", async ({ page }) => {
    // The build prerendered these pages from a database copy without sections; the start expires them once the demo data is in.
    for (const path of ["/", "/courses/category/technical"]) {
      await page.goto(path);
      const facts = page.getByTestId("course-facts").first();
      await expect(facts).toContainText(/Next class: \w{3}, \w{3} \d{1,2}, \d{4}/);
      await expect(facts).toContainText(/From \$\d/);
    }
  });

  test("shows the five categories and featured courses from the catalogue", async ({ page }) => {
    await page.goto("/");
    const categories = page.getByRole("region", { name: "Five ways to learn" });
    for (const name of ["Technical", "Academic", "Language", "Music", "Lifestyle"]) {
      await expect(categories.getByRole("link", { name: new RegExp(`^${name}`) })).toHaveAttribute(
        "href",
        `/courses/category/${name.toLowerCase()}`,
      );
    }
    const featured = page.getByRole("region", { name: "Popular courses" });
    await expect(featured.getByRole("article")).not.toHaveCount(0);
    await expect(featured.getByRole("heading", { name: "Python for Young Coders" })).toBeVisible();
  });

  test("the header sticks after 170 px of scroll and the scroll-to-top button climbs back", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 700 });
    await page.goto("/");
    const header = page.locator("header[data-stuck]");
    const backdrop = () => header.evaluate((el) => getComputedStyle(el).backdropFilter);
    await expect(header).toHaveAttribute("data-stuck", "false");
    // At rest nothing scrolls under the header: an opaque one spares the first frame a blur pass.
    expect(await backdrop()).toBe("none");
    await expect(page.getByRole("button", { name: "Scroll to top" })).toHaveCount(0);
    await page.evaluate(() => window.scrollTo(0, 171));
    await expect(header).toHaveAttribute("data-stuck", "true");
    expect(await backdrop()).toContain("blur");
    await page.evaluate(() => window.scrollTo(0, 1200));
    await page.getByRole("button", { name: "Scroll to top" }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(header).toHaveAttribute("data-stuck", "false");
  });

  test("the first frame lays out what a phone shows: the lower sections render as they come near", async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    await page.goto("/");
    // checkVisibility's contentVisibilityAuto option reports content the browser skipped rendering.
    const isRendered = (locator: Locator) => locator.evaluate((el) => el.checkVisibility({ contentVisibilityAuto: true }));
    const hero = page.getByRole("heading", { level: 1 });
    const lastSection = page.getByRole("heading", { name: "How the free demo works" });
    expect(await isRendered(hero)).toBe(true);
    expect(await isRendered(lastSection)).toBe(false);
    // Skipped, not hidden: a screen reader and keyboard still reach it.
    await expect(lastSection).toBeVisible();
    await lastSection.scrollIntoViewIfNeeded();
    await expect.poll(() => isRendered(lastSection)).toBe(true);
  });

  test("the cookie banner is in the page's HTML, and hidden before any script of the app runs once answered", async ({
    page,
    context,
    baseURL,
  }) => {
    // No app JavaScript at all: what shows is the HTML and the banner's own inline script.
    await page.route(/\/_next\/static\/.*\.js$/, (route) => route.abort());
    await page.goto("/");
    await expect(page.getByRole("region", { name: "Cookie consent" })).toContainText(
      "This website uses cookies to enhance the user experience.",
    );

    await context.addCookies([{ name: "cookie_consent", value: "true", url: baseURL! }]);
    await page.goto("/courses");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("region", { name: "Cookie consent" })).toHaveCount(0);
  });

  test("the cookie banner is remembered after 'I Understand'", async ({ page, context }) => {
    await page.goto("/");
    const banner = page.getByRole("region", { name: "Cookie consent" });
    await expect(banner).toContainText("This website uses cookies to enhance the user experience.");
    await banner.getByRole("button", { name: "I Understand" }).click();
    await expect(banner).toHaveCount(0);
    const consent = (await context.cookies()).find((c) => c.name === "cookie_consent");
    expect(consent?.value).toBe("true");
    // SPEC 9: remembered for 365 days.
    expect(consent!.expires * 1000 - Date.now()).toBeGreaterThan(364 * 24 * 3600 * 1000);
    await page.reload();
    await expect(page.getByRole("region", { name: "Cookie consent" })).toHaveCount(0);
  });
});
