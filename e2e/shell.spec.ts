import { expect, test } from "@playwright/test";

import { E2E_PRODUCT_NAME } from "./support/server";

/** SPEC 2, "Layout by role" (anonymous) and "Common elements". */
test.describe("the public shell", () => {
  test("the anonymous bar offers Courses, Contact Us, Blog, Log in and Sign up", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/courses");
    const nav = page.getByRole("navigation", { name: "Main" });
    const expected = { Courses: "/courses", "Contact Us": "/contact", Blog: "/blog", "Log in": "/signin", "Sign up": "/signup" };
    for (const [label, href] of Object.entries(expected)) {
      await expect(nav.getByRole("link", { name: label, exact: true })).toHaveAttribute("href", href);
    }
  });

  test("the footer has social links, explore links, the USA address, the support email and phone, and the policies", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("list", { name: "Social media" }).getByRole("link")).not.toHaveCount(0);
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
