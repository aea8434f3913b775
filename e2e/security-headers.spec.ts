import { expect, test, type APIRequestContext, type APIResponse } from "@playwright/test";

import { baseURL, DEMO_PASSWORD } from "./support/server";

/**
 * Issue 6: the security headers of lib/platform/security/headers.ts on real answers of the production
 * build: a page, route handlers (an answer and an error), a static file (from the server's
 * precompressed copies and from Next), a 404 and next.config.ts's own redirects (to which Next
 * applies no headers(); scripts/server.mjs sets them). The e2e server is http://localhost, so it
 * sends no HSTS (lib/platform/security/headers.test.ts covers that rule).
 */
function expectSecurityHeaders(response: APIResponse, what: string) {
  const headers = response.headers();
  expect(headers["x-content-type-options"], what).toBe("nosniff");
  expect(headers["referrer-policy"], what).toBe("strict-origin-when-cross-origin");
  expect(headers["x-frame-options"], what).toBe("DENY");
  expect(headers["permissions-policy"], what).toMatch(/camera=\(\).*microphone=\(\).*geolocation=\(\)/);
  const csp = headers["content-security-policy"] ?? "";
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(csp, what).toMatch(/(^|; )default-src 'self'(;|$)/);
  expect(csp, what).toContain("object-src 'none'");
  expect(headers, what).not.toHaveProperty("x-powered-by");
  expect(headers, what).not.toHaveProperty("strict-transport-security");
}

/** A script of the page's own bundle, as the browser would fetch it. */
async function staticScriptPath(request: APIRequestContext): Promise<string> {
  const html = await (await request.get("/")).text();
  const src = /<script[^>]+src="(\/_next\/static\/[^"]+\.js)"/.exec(html)?.[1];
  expect(src, "a /_next/static script on /").toBeDefined();
  return src ?? "";
}

test.describe("security headers on every kind of answer (issue 6)", () => {
  test("a page", async ({ request }) => {
    const response = await request.get("/");
    expect(response.status()).toBe(200);
    expectSecurityHeaders(response, "GET /");
  });

  test("a route handler's answer", async ({ request }) => {
    const response = await request.get("/api/v1/courses/category/technical");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/^application\/json/);
    expectSecurityHeaders(response, "GET /api/v1/courses/category/technical");
  });

  test("a route handler's error: a cross-site post refused", async ({ request }) => {
    const response = await request.post("/api/v1/logevent", {
      headers: { origin: "https://evil.example" },
      data: { eventName: "Page View" },
    });
    expect(response.status()).toBe(403);
    expect(await response.json()).toEqual({ ok: false, message: "Cross-site requests are not allowed." });
    expectSecurityHeaders(response, "POST /api/v1/logevent (403)");
  });

  test("a route handler's error: a body that is not JSON", async ({ request }) => {
    // The log-event endpoint: a refused body counts against the address's limit, and its limit is the larger.
    const response = await request.post("/api/v1/logevent", {
      headers: { origin: baseURL, "content-type": "application/json" },
      data: Buffer.from("{not json"),
    });
    expect(response.status()).toBe(400);
    expect(await response.json()).toEqual({ ok: false, message: "The request body is not valid JSON." });
    expectSecurityHeaders(response, "POST /api/v1/logevent (400)");
  });

  test("a static file of the build: precompressed by scripts/server.mjs, or from Next", async ({ request }) => {
    const path = await staticScriptPath(request);
    // brotli and gzip come from the copies the server wrote; identity from Next's own handler.
    for (const encoding of ["br", "gzip", "identity"]) {
      const response = await request.get(path, { headers: { "accept-encoding": encoding } });
      expect(response.status(), encoding).toBe(200);
      expect(response.headers()["content-type"], encoding).toMatch(/javascript/);
      expect(response.headers()["content-encoding"], encoding).toBe(encoding === "identity" ? undefined : encoding);
      expect(response.headers()["cache-control"], encoding).toBe("public, max-age=31536000, immutable");
      expect((await response.body()).length, encoding).toBeGreaterThan(0);
      expectSecurityHeaders(response, `GET ${path} (${encoding})`);
    }
  });

  test("next.config.ts's permanent redirects", async ({ request }) => {
    const response = await request.get("/index-2", { maxRedirects: 0 });
    expect(response.status()).toBe(308);
    expect(response.headers().location).toBe("/");
    expectSecurityHeaders(response, "GET /index-2 (308)");
  });

  test("a page that does not exist, and an API route that does not", async ({ request }) => {
    for (const path of ["/no-such-page", "/api/no-such-route"]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(404);
      expectSecurityHeaders(response, `GET ${path} (404)`);
    }
  });
});

test.describe("next-auth's own POST routes (outside lib/http's Origin check)", () => {
  test("a cross-site sign-in post without next-auth's CSRF token signs nobody in", async ({ request }) => {
    const response = await request.post("/api/auth/callback/credentials", {
      headers: { origin: "https://evil.example" },
      form: { email: "student@example.com", password: DEMO_PASSWORD, json: "true" },
      maxRedirects: 0,
    });
    expect(response.status()).toBeLessThan(500);
    // next-auth sends it back to its sign-in page with csrf=true, and sets no session cookie.
    const setCookies = response
      .headersArray()
      .filter(({ name }) => name.toLowerCase() === "set-cookie")
      .map(({ value }) => value);
    expect(setCookies.some((cookie) => /next-auth\.session-token=[^;]/.test(cookie))).toBe(false);
    expect(await (await request.get("/api/auth/session")).json()).toEqual({});

    // The control: the same post with the token from next-auth's own cookie does sign in.
    const { csrfToken } = (await (await request.get("/api/auth/csrf")).json()) as { csrfToken: string };
    await request.post("/api/auth/callback/credentials", {
      headers: { origin: baseURL },
      form: { email: "student@example.com", password: DEMO_PASSWORD, csrfToken, json: "true" },
      maxRedirects: 0,
    });
    expect(await (await request.get("/api/auth/session")).json()).toMatchObject({ user: { email: "student@example.com" } });
  });
});
