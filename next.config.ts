import type { NextConfig } from "next";

/** Headers every response carries; issue 6 tightens the CSP around configured widgets. */
const securityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=()" },
  {
    key: "Content-Security-Policy",
    value: [
      "default-src 'self'",
      // Next's static pages carry inline bootstrap scripts; a nonce would make every page dynamic.
      "script-src 'self' 'unsafe-inline'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob: https:",
      "font-src 'self'",
      "connect-src 'self'",
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "object-src 'none'",
    ].join("; "),
  },
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
