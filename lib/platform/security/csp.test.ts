import { parseEnv } from "@/lib/platform/env";
import { thirdPartyConfig, thirdPartyContentSecurityPolicy } from "@/lib/platform/security/third-party";

import { contentSecurityPolicy } from "./csp";

const directive = (policy: string, name: string) => policy.split("; ").find((d) => d.startsWith(`${name} `));

describe("Content-Security-Policy (issue 5: exactly the configured hosts)", () => {
  it("allows this site only when nothing is configured", () => {
    const policy = thirdPartyContentSecurityPolicy(parseEnv({}));
    expect(policy).toBe(contentSecurityPolicy());
    expect(policy).toBe(
      "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob: https:; " +
        "font-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'",
    );
    expect(policy).not.toMatch(/posthog|frame-src/);
  });

  it("adds PostHog's ingestion and assets hosts only with a key", () => {
    expect(thirdPartyContentSecurityPolicy(parseEnv({ NEXT_PUBLIC_POSTHOG_HOST: "https://eu.i.posthog.com" }))).not.toMatch(/posthog/);
    const policy = thirdPartyContentSecurityPolicy(
      parseEnv({ NEXT_PUBLIC_POSTHOG_KEY: "phc_x", NEXT_PUBLIC_POSTHOG_HOST: "https://eu.i.posthog.com" }),
    );
    expect(directive(policy, "connect-src")).toBe("connect-src 'self' https://eu.i.posthog.com https://eu-assets.i.posthog.com");
    expect(directive(policy, "script-src")).toBe(
      "script-src 'self' 'unsafe-inline' https://eu.i.posthog.com https://eu-assets.i.posthog.com",
    );
  });

  it("allows a self-hosted or proxied PostHog by its origin alone", () => {
    const policy = thirdPartyContentSecurityPolicy(
      parseEnv({ NEXT_PUBLIC_POSTHOG_KEY: "phc_x", NEXT_PUBLIC_POSTHOG_HOST: "https://ph.example.org/ingest" }),
    );
    expect(directive(policy, "connect-src")).toBe("connect-src 'self' https://ph.example.org");
  });

  it("adds each configured widget's hosts and an outside IP lookup, and nothing for unset ones", () => {
    const policy = thirdPartyContentSecurityPolicy(
      parseEnv({
        NEXT_PUBLIC_CHAT_WIDGET_URL: "https://chat.example.com/loader.js?id=1",
        NEXT_PUBLIC_ADS_CLIENT_ID: "ca-pub-1234567890123456",
        NEXT_PUBLIC_IP_LOOKUP_URL: "https://ip.example.net/json",
      }),
    );
    expect(directive(policy, "script-src")).toBe(
      "script-src 'self' 'unsafe-inline' https://chat.example.com https://pagead2.googlesyndication.com https://tpc.googlesyndication.com https://partner.googleadservices.com https://adservice.google.com",
    );
    expect(directive(policy, "connect-src")).toContain("https://ip.example.net");
    expect(directive(policy, "frame-src")).toContain("https://googleads.g.doubleclick.net");
    expect(policy).not.toMatch(/posthog|heatmap/);
  });

  it("refuses a widget URL that a page could not load safely", () => {
    expect(() => parseEnv({ NEXT_PUBLIC_HEATMAP_URL: "http://heatmap.example.com/h.js" })).toThrow(/NEXT_PUBLIC_HEATMAP_URL/);
    expect(() => parseEnv({ NEXT_PUBLIC_ADS_CLIENT_ID: "pub-1" })).toThrow(/NEXT_PUBLIC_ADS_CLIENT_ID/);
    expect(parseEnv({ NEXT_PUBLIC_HEATMAP_URL: "http://localhost:3100/h.js" }).NEXT_PUBLIC_HEATMAP_URL).toBe("http://localhost:3100/h.js");
  });

  it("sends the browser the same configuration the policy was built from", () => {
    const env = parseEnv({ NEXT_PUBLIC_POSTHOG_KEY: "phc_x", NEXT_PUBLIC_POPUP_WIDGET_URL: "https://popup.example.com/p.js", VERCEL: "1" });
    expect(thirdPartyConfig(env)).toEqual({
      posthog: { key: "phc_x", apiHost: "https://us.i.posthog.com" },
      ipLookupUrl: "/api/v1/ip",
      isVercelAnalyticsEnabled: true,
      widgets: [{ id: "popup", label: "Popup tool", category: "marketing", strategy: "lazyOnload", src: "https://popup.example.com/p.js" }],
      consentOnScrollPercent: null,
    });
  });
});
