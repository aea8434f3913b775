import { parseEnv } from "@/lib/platform/env";
import { thirdPartyContentSecurityPolicy } from "@/lib/platform/security/third-party";

import { HSTS_VALUE, isHstsSite, securityHeaders } from "./headers";

/** The headers as next.config.ts would send them under this configuration. */
const headersFor = (variables: Record<string, string>) =>
  Object.fromEntries(securityHeaders(parseEnv(variables)).map(({ key, value }) => [key.toLowerCase(), value]));

const production = { NODE_ENV: "production", APP_URL: "https://learn.example.com" };

describe("security headers on every response (issue 6)", () => {
  it("tells browsers not to sniff content types", () => {
    expect(headersFor({})["x-content-type-options"]).toBe("nosniff");
  });

  it("sends only the origin to other sites, and nothing on a downgrade to http", () => {
    expect(headersFor({})["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  });

  it("refuses to be framed, in CSP and for older browsers in X-Frame-Options", () => {
    const headers = headersFor({});
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  });

  it("turns off the powerful browser features the site never uses", () => {
    const policy = headersFor({})["permissions-policy"] ?? "";
    for (const feature of ["camera", "microphone", "geolocation", "payment"]) expect(policy).toContain(`${feature}=()`);
  });

  it("sends the CSP built from the configured widgets (lib/platform/security/third-party.ts)", () => {
    const variables = { NEXT_PUBLIC_CHAT_WIDGET_URL: "https://chat.example.com/loader.js", NEXT_PUBLIC_POSTHOG_KEY: "phc_x" };
    const policy = headersFor(variables)["content-security-policy"];
    expect(policy).toBe(thirdPartyContentSecurityPolicy(parseEnv(variables)));
    expect(policy).toContain("https://chat.example.com");
    expect(headersFor({})["content-security-policy"]).not.toContain("chat.example.com");
  });

  it("names each header once", () => {
    for (const variables of [{}, production]) {
      const keys = securityHeaders(parseEnv(variables)).map(({ key }) => key.toLowerCase());
      expect(new Set(keys).size).toBe(keys.length);
    }
  });

  describe("Strict-Transport-Security", () => {
    it("is sent by a production build whose public origin is https", () => {
      expect(headersFor(production)["strict-transport-security"]).toBe(HSTS_VALUE);
      expect(HSTS_VALUE).toMatch(/^max-age=(\d+); includeSubDomains$/);
      // At least the year browsers' preload lists ask for.
      expect(Number(/max-age=(\d+)/.exec(HSTS_VALUE)?.[1])).toBeGreaterThanOrEqual(365 * 24 * 60 * 60);
    });

    it("is not sent by the embedded default: `npm start` is production on http://localhost", () => {
      expect(headersFor({ NODE_ENV: "production", APP_URL: "http://localhost:3000" })).not.toHaveProperty("strict-transport-security");
      expect(headersFor({ NODE_ENV: "production", APP_URL: "http://learn.example.com" })).not.toHaveProperty("strict-transport-security");
    });

    it("is not sent outside production, even for an https origin", () => {
      expect(headersFor({ NODE_ENV: "development", APP_URL: "https://learn.example.com" })).not.toHaveProperty("strict-transport-security");
      expect(headersFor({ NODE_ENV: "test", APP_URL: "https://learn.example.com" })).not.toHaveProperty("strict-transport-security");
    });

    it("never pins this machine to https, whatever the scheme", () => {
      for (const APP_URL of ["https://localhost:3000", "https://app.localhost", "https://127.0.0.1:3000", "https://[::1]:3000"]) {
        expect(isHstsSite(parseEnv({ NODE_ENV: "production", APP_URL }))).toBe(false);
      }
    });
  });
});
