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

  test("a page from Next's cache is sent compressed whole, with its length (compressed once per version)", async ({ request }) => {
    for (const [accept, expected] of [
      ["gzip, deflate, br", "br"],
      ["gzip", "gzip"],
    ] as const) {
      // The middleware alone streams its output (chunked, no Content-Length); the kept copy is whole.
      for (let i = 0; i < 2; i++) {
        const response = await request.get("/", { headers: { "accept-encoding": accept } });
        expect(response.status()).toBe(200);
        expect(response.headers()["x-nextjs-cache"], accept).toMatch(/HIT|STALE|MISS|REVALIDATED/);
        expect(response.headers()["content-encoding"], accept).toBe(expected);
        expect(Number(response.headers()["content-length"]), accept).toBeGreaterThan(1000);
        expect(response.headers().vary, accept).toMatch(/accept-encoding/i);
        expect(await response.text(), accept).toContain("</html>");
      }
    }
  });

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
