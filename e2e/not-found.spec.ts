import { randomUUID } from "node:crypto";

import { expect, test, type Page } from "@playwright/test";

import { seriousA11yViolations } from "./support/a11y";
import { E2E_PRODUCT_NAME } from "./support/server";
import { lookAt } from "./support/look";

const HEADING = "We could not find this page";

/** Opens `path` and checks it is the 404 page: the status, what it says, noindex, and the site's shell around it. */
async function expectNotFoundPage(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), `status of ${path}`).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(HEADING);
  // A link from one of our emails may simply be stale: the page says so.
  await expect(page.getByRole("main")).toContainText("If you followed a link from one of our emails");
  await expect(page.getByRole("main")).toContainText("it may have expired");
  const robots = await page.locator('meta[name="robots"]').evaluateAll((metas) => metas.map((meta) => meta.getAttribute("content")));
  expect(robots, `robots of ${path}`).toContainEqual(expect.stringMatching(/noindex/));
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
}

test.describe("the 404 page", () => {
  test("an unknown address answers 404 with the site's page and links back to the home page and the courses", async ({ page }) => {
    const path = `/no-such-page-${randomUUID().slice(0, 8)}`;
    await expectNotFoundPage(page, path);
    await expect(page).toHaveTitle(`Page not found | ${E2E_PRODUCT_NAME}`);
    // In the HTML itself: a visitor without JavaScript, or a crawler, reads it too.
    expect(await (await page.request.get(path)).text()).toContain(HEADING);
    await lookAt(page, "not-found");

    await page.getByRole("main").getByRole("link", { name: "Back to the home page" }).click();
    await expect(page).toHaveURL(/^http:\/\/[^/]+\/$/);
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(HEADING);

    await page.goto(path);
    await page.getByRole("main").getByRole("link", { name: "Browse our courses" }).click();
    await expect(page).toHaveURL(/\/courses$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("All courses");
  });

  test("an unknown or stale unsubscribe link answers 404 with the same page, and its links work", async ({ page }) => {
    await expectNotFoundPage(page, `/unsubscribe/${randomUUID().replaceAll("-", "")}`);
    await lookAt(page, "unsubscribe-not-found");
    await page.getByRole("main").getByRole("link", { name: "Browse our courses" }).click();
    await expect(page).toHaveURL(/\/courses$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("All courses");
  });

  test("an unknown demo booking link and an unknown course show it too", async ({ page }) => {
    for (const path of [`/demo/${randomUUID().replaceAll("-", "")}`, "/courses/no-such-course"]) {
      const response = await page.goto(path);
      expect(response?.status(), `status of ${path}`).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(HEADING);
      await expect(page.getByRole("main").getByRole("link", { name: "Back to the home page" })).toHaveAttribute("href", "/");
    }
  });
});
