import { expect, test, type Page } from "@playwright/test";

import { signInAs } from "./support/auth";
import { brandPaths, configuredBaseURL, E2E_PRACTICE_PYTHON_URL, E2E_PRODUCT_NAME, E2E_SOCIAL_LINKS } from "./support/server";

/** SPEC 2: the outside practice site's link; its accessible name also says it opens a new tab. */
const practicePython = { name: /^Practice Python/ } as const;

/** SPEC 2, "Layout by role" (anonymous) and "Common elements". */
test.describe("the public shell", () => {
  test("the anonymous bar offers Courses, Contact Us, Blog, Log in and Sign up", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/courses");
    const nav = page.getByRole("navigation", { name: "Main" });
    // Log in and Sign up carry the page being read, so a family comes back to it.
    const expected: Record<string, string | RegExp> = {
      Courses: "/courses",
      "Contact Us": "/contact",
      Blog: "/blog",
      "Log in": /^\/signin\?callbackUrl=(%2F|\/)courses$/,
      "Sign up": /^\/signup\?callbackUrl=(%2F|\/)courses$/,
    };
    for (const [label, href] of Object.entries(expected)) {
      await expect(nav.getByRole("link", { name: label, exact: true })).toHaveAttribute("href", href);
    }
  });

  test("the footer has social links, explore links, the USA address, the support email and phone, and the policies", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    // Exactly the networks the server configures (SOCIAL_*_URL), to the configured pages.
    const social = footer.getByRole("list", { name: "Social media" }).getByRole("link");
    await expect(social).toHaveText(Object.keys(E2E_SOCIAL_LINKS));
    for (const [label, href] of Object.entries(E2E_SOCIAL_LINKS)) {
      await expect(footer.getByRole("link", { name: label })).toHaveAttribute("href", href);
    }
    const explore = footer.getByRole("navigation", { name: "Explore" });
    await expect(explore.getByRole("link", { name: "All courses" })).toHaveAttribute("href", "/courses");
    await expect(explore.getByRole("link", { name: "Book a free demo" })).toHaveAttribute("href", "/book-free-demo");
    await expect(footer.locator("address")).toContainText("USA");
    await expect(footer.getByRole("link", { name: "support@example.com" })).toHaveAttribute("href", "mailto:support@example.com");
    await expect(footer.getByRole("link", { name: /^\+1/ })).toHaveAttribute("href", /^tel:\+\d+$/);
    const policies = footer.getByRole("navigation", { name: "Policies" });
    await expect(policies.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy-policy");
    await expect(policies.getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms-of-service");
    await expect(footer).toContainText(E2E_PRODUCT_NAME);
  });

  test("'Practice Python' in the anonymous bar opens the configured practice site in a new tab, without opener or referrer", async ({
    page,
    context,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await context.route(`${E2E_PRACTICE_PYTHON_URL}**`, (route) =>
      route.fulfill({ contentType: "text/html", body: "<title>Practice</title>" }),
    );
    await page.goto("/courses");
    const link = page.getByRole("navigation", { name: "Main" }).getByRole("link", practicePython);
    await expect(link).toHaveAttribute("href", E2E_PRACTICE_PYTHON_URL);
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    const opened = page.waitForEvent("popup");
    await link.click();
    const practice = await opened;
    await expect(practice).toHaveURL(E2E_PRACTICE_PYTHON_URL);
    expect(await practice.evaluate(() => ({ opener: window.opener, referrer: document.referrer }))).toEqual({ opener: null, referrer: "" });
    await expect(page).toHaveURL(/\/courses$/);

    // Small screens: in the menu.
    await page.setViewportSize({ width: 390, height: 800 });
    await page.getByText("Menu", { exact: true }).click();
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", practicePython)).toBeVisible();
  });

  test("unconfigured, the footer has no social links and PRACTICE_PYTHON_URL set empty hides 'Practice Python'", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${configuredBaseURL}/courses`);
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: "Privacy Policy" })).toBeVisible();
    await expect(footer.getByRole("list", { name: "Social media" })).toHaveCount(0);
    for (const network of ["Facebook", "Instagram", "YouTube", "LinkedIn"])
      await expect(footer.getByRole("link", { name: network })).toHaveCount(0);
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Blog", exact: true })).toBeVisible();
    await expect(page.getByRole("link", practicePython)).toHaveCount(0);
  });

  test("scroll-to-top climbs 100 px every 10.5 ms (SPEC 2)", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.clock.install();
    await page.goto("/");
    const start = 1000;
    expect(await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBeGreaterThan(start);
    await page.evaluate((y) => window.scrollTo(0, y), start);
    const button = page.getByRole("button", { name: "Scroll to top" });
    await expect(button).toBeVisible();

    // Time stands still from here and moves only by runFor: the climb is checked at every millisecond.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    const clickedAt = await page.evaluate(() => performance.now());
    await button.click();
    const samples: Array<{ elapsed: number; scrollY: number }> = [];
    while (samples.length < 200 && samples.at(-1)?.scrollY !== 0) {
      await page.clock.runFor(1);
      samples.push(await page.evaluate((t0) => ({ elapsed: performance.now() - t0, scrollY: window.scrollY }), clickedAt));
    }
    expect(samples.at(-1)?.scrollY).toBe(0);
    // Step k (100 px) happens at k x 10.5 ms: at every sampled moment the page has climbed 100 px
    // per whole 10.5 ms elapsed. Another step, or a delay of 10 or 11 ms, breaks it within 25 ms.
    const expected = samples.map(({ elapsed }) => ({ elapsed, scrollY: Math.max(0, start - 100 * Math.floor(elapsed / 10.5 + 1e-9)) }));
    expect(samples).toEqual(expected);
    // Ten steps of 100 px from 1000: the top at 105 ms, not before.
    expect(samples.find((s) => s.scrollY === 0)?.elapsed).toBeGreaterThanOrEqual(105);
  });

  test("public pages stay prerendered: the shell reads no session on them", async ({ request }) => {
    for (const path of ["/", "/courses", "/signin", brandPaths.join, "/no-such-page"]) {
      const response = await request.get(path);
      expect(response.headers()["x-nextjs-prerender"], path).toBeTruthy();
    }
  });

  test("a full-screen loader covers a route change until the next page arrives", async ({ page }) => {
    await page.goto("/");
    // Hold the next page's data (its prefetch too) so the change is slow enough to see.
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/courses(\?|$)/, async (route) => {
      await gate;
      await route.continue();
    });
    const loader = page.getByRole("status").filter({ hasText: "Loading…" });
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Courses", exact: true }).click();
    await expect(loader).toBeVisible();
    release();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/courses/i);
    await expect(page).toHaveURL(/\/courses$/);
    await expect(loader).toHaveCount(0);
  });

  test("toasts show at the top left", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/signin?error=OAuthCallback");
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Something went wrong. Please try again" });
    await expect(toast).toBeVisible();
    // In the top-left corner of a 1280 x 800 window.
    await expect.poll(async () => (await toast.boundingBox())?.x ?? 9999).toBeLessThan(200);
    await expect.poll(async () => (await toast.boundingBox())?.y ?? 9999).toBeLessThan(200);
  });

  test("toasts dismiss themselves after 10 seconds (SPEC 9)", async ({ page }) => {
    await page.clock.install();
    await page.goto("/signin?error=OAuthCallback");
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Something went wrong. Please try again" });
    await expect(toast).toBeVisible();
    // A dismissed toast fades out before it leaves the page: each check gives it that time.
    await page.clock.fastForward(8_000);
    await page.clock.fastForward(1_000);
    await expect(toast).toHaveCount(1);
    await page.clock.fastForward(1_500);
    await page.clock.fastForward(1_000);
    await expect(toast).toHaveCount(0);
  });
});

/** Issue 3: signed-in pages get the session from the server; nothing waits for the browser to ask. */
test.describe("the signed-in shell", () => {
  /** Records, from the first byte parsed, whether the session loader ever entered the page. */
  async function watchForSessionLoader(page: Page) {
    await page.addInitScript(() => {
      const seen = window as unknown as { sawSessionLoader: boolean };
      seen.sawSessionLoader = false;
      new MutationObserver((records) => {
        for (const record of records) {
          for (const node of record.addedNodes) {
            if (node.textContent?.includes("Loading your account")) seen.sawSessionLoader = true;
          }
        }
      }).observe(document, { childList: true, subtree: true });
    });
    return () => page.evaluate(() => (window as unknown as { sawSessionLoader: boolean }).sawSessionLoader);
  }

  test("a full load of /admin/dashboard has the admin's header in its HTML and never shows the session loader", async ({ page }) => {
    await signInAs(page, "admin");

    // The HTML the server sends, with the admin's session cookie.
    const response = await page.request.get("/admin/dashboard");
    expect(response.status()).toBe(200);
    const html = await response.text();
    const header = html.match(/<header\b[\s\S]*?<\/header>/)?.[0] ?? "";
    expect(header).toContain('data-role="admin"');
    expect(header).toContain("Demo Admin");
    expect(header).toMatch(/<a [^>]*href="\/admin\/dashboard"[^>]*>Dashboard<\/a>/);
    expect(header).toMatch(/<a [^>]*href="\/teacher\/dashboard"[^>]*>Teacher Dashboard<\/a>/);
    expect(header).not.toContain(">Log in<");
    expect(html).not.toContain("Loading your account");

    // In the browser: the session endpoint is never asked (and would never answer), and from the
    // first paint to past the loader's 1000 ms the loader never shows.
    const sessionRequests: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/auth/session") sessionRequests.push(request.url());
    });
    await page.route("**/api/auth/session", () => undefined);
    const sawSessionLoader = await watchForSessionLoader(page);
    await page.goto("/admin/dashboard");
    await expect(page.locator('[data-role="admin"]')).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admin dashboard");
    await page.waitForTimeout(1200);
    expect(await sawSessionLoader()).toBe(false);
    await expect(page.getByRole("status").filter({ hasText: "Loading your account…" })).toHaveCount(0);
    expect(sessionRequests).toEqual([]);
  });
});
