import { expect, test } from "@playwright/test";

/**
 * Issue 5: the same-origin IP lookup answers the address the server saw. Behind `npm start`
 * (scripts/server.mjs) with no TRUSTED_PROXIES configured, forwarding headers a visitor writes
 * itself are not believed: otherwise anyone could claim any address and step around the
 * per-address rate limits.
 */
test("GET /api/v1/ip answers the socket's peer, not what the visitor claims in forwarding headers", async ({ request }) => {
  const claimed = "203.0.113.66";
  const response = await request.get("/api/v1/ip", {
    headers: { "x-forwarded-for": claimed, "x-real-ip": claimed, "x-peer-address": claimed },
  });
  expect(response.status()).toBe(200);
  const { ip } = (await response.json()) as { ip: string | null };
  expect(ip).toMatch(/^(127\.0\.0\.1|::1)$/);
});
