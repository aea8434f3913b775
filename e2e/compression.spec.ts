import { expect, test } from "@playwright/test";

/**
 * scripts/server.mjs compresses every answer itself (next.config.ts: compress: false): brotli where
 * the client accepts it, else gzip, else nothing (scripts/static-assets.mjs for the build's static
 * files). Playwright decodes the body, so each answer is also read whole.
 */
test.describe("answers are compressed by the server", () => {
  for (const [accept, expected] of [
    ["gzip, deflate, br", "br"],
    ["gzip", "gzip"],
    ["identity", undefined],
  ] as const) {
    test(`a page and a route handler, accepting ${accept}`, async ({ request }) => {
      const page = await request.get("/courses", { headers: { "accept-encoding": accept } });
      expect(page.status()).toBe(200);
      expect(page.headers()["content-encoding"]).toBe(expected);
      expect(page.headers().vary).toMatch(/accept-encoding/i);
      expect(await page.text()).toContain("All courses");

      const api = await request.get("/api/v1/courses/category/technical", { headers: { "accept-encoding": accept } });
      expect(api.status()).toBe(200);
      expect(((await api.json()) as { data: { courses: unknown[] } }).data.courses.length).toBeGreaterThan(0);
    });
  }

  test("the browser gets the page and its scripts in brotli, and the page works", async ({ page }) => {
    const scripts: (string | undefined)[] = [];
    page.on("response", (r) => {
      if (/\/_next\/static\/.*\.js$/.test(r.url())) scripts.push(r.headers()["content-encoding"]);
    });
    const response = await page.goto("/courses");
    expect(response?.headers()["content-encoding"]).toBe("br");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("All courses");
    await page.waitForLoadState("load");
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.every((encoding) => encoding === "br")).toBe(true);
  });
});
