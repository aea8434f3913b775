import type { NextConfig } from "next";

import { thirdPartyContentSecurityPolicy } from "./lib/consent/third-party";
import { env } from "./lib/env";

/** Headers every response carries. */
const securityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=()" },
  // Built from the same configuration as the scripts the root layout loads: exactly the configured hosts.
  { key: "Content-Security-Policy", value: thirdPartyContentSecurityPolicy(env) },
];

const legacyTemplatePages = [2, 3, 4, 5, 6, 7, 8, 9].map((n) => ({
  // SPEC 2: legacy template links in one admin/teacher menu; they lead home for good.
  source: `/index-${n}`,
  destination: "/",
  permanent: true,
}));

const nextConfig: NextConfig = {
  // The e2e and benchmark servers build into their own folder (scripts/build-freshness.mjs reads the same variable).
  distDir: process.env.NEXT_DIST_DIR || ".next",
  poweredByHeader: false,
  // forbidden() renders app/forbidden.tsx with a 403 for signed-in users without the role.
  experimental: { authInterrupts: true },
  reactStrictMode: true,
  serverExternalPackages: ["@electric-sql/pglite"],
  async headers() {
    return [{ source: "/:path*", headers: securityHeaders }];
  },
  async redirects() {
    return legacyTemplatePages;
  },
};

export default nextConfig;
