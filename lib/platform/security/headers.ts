import type { Env } from "../env";
import { thirdPartyContentSecurityPolicy } from "./third-party";

/**
 * The security headers every response carries (issue 6), in one tested place; next.config.ts
 * sends them on every path. Takes the parsed env as an argument, like lib/platform/security/third-party.ts,
 * and imports relatively: next.config.ts loads this file, and its loader resolves "@/" wrongly.
 *
 * next.config.ts's headers() runs at `next build`, so these values are baked into the build
 * with the configuration the build saw; scripts/build-freshness.mjs rebuilds when APP_URL or a
 * NEXT_PUBLIC_* variable changes, so `npm start` never serves headers of an older configuration.
 */
export interface SecurityHeader {
  key: string;
  value: string;
}

type HeadersEnv = Pick<Env, "NODE_ENV" | "APP_URL"> & Parameters<typeof thirdPartyContentSecurityPolicy>[0];

/** Two years, the preload list's minimum; subdomains too, as they share the cookies' site. */
export const HSTS_VALUE = "max-age=63072000; includeSubDomains";

export function securityHeaders(env: HeadersEnv): SecurityHeader[] {
  const headers: SecurityHeader[] = [
    { key: "X-Content-Type-Options", value: "nosniff" },
    { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
    // For browsers older than CSP's frame-ancestors 'none', which says the same.
    { key: "X-Frame-Options", value: "DENY" },
    { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=()" },
    // Built from the same configuration as the scripts the root layout loads: exactly the configured hosts.
    { key: "Content-Security-Policy", value: thirdPartyContentSecurityPolicy(env) },
  ];
  if (isHstsSite(env)) headers.push({ key: "Strict-Transport-Security", value: HSTS_VALUE });
  return headers;
}

/**
 * The classroom pages (/classroom/...) alone may use this site's own camera, microphone and screen
 * capture (the live class); next.config.ts sends this after the site-wide value, and the later wins.
 */
export const CLASSROOM_PERMISSIONS_POLICY = "camera=(self), microphone=(self), display-capture=(self), geolocation=(), payment=()";

/**
 * HSTS only for a production build whose public origin is https and not this machine. Browsers
 * ignore the header over plain http anyway, but the embedded default (`npm start`: a production
 * build, on http://localhost) and a dev server must never tell a browser that localhost
 * is https-only: that would stick to every other project the developer runs there. Behind a
 * TLS-terminating proxy the app itself speaks http, which is why the rule reads APP_URL (the
 * public origin) rather than the request's scheme.
 */
export function isHstsSite(env: Pick<Env, "NODE_ENV" | "APP_URL">): boolean {
  const url = new URL(env.APP_URL);
  return env.NODE_ENV === "production" && url.protocol === "https:" && !isThisMachine(url.hostname);
}

function isThisMachine(hostname: string): boolean {
  return hostname === "localhost" || hostname.endsWith(".localhost") || hostname === "[::1]" || hostname.startsWith("127.");
}
