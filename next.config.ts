import type { NextConfig } from "next";

import { env } from "./lib/platform/env";
import { CLASSROOM_PERMISSIONS_POLICY, securityHeaders } from "./lib/platform/security/headers";

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
  // No ETag on rendered pages (issue 30): Next hashes the whole HTML in JavaScript on every answer,
  // cached ones too (about 0.3-0.45 ms of a prerendered page's 3.3-3.6 ms of server CPU here, ~10%),
  // to let a browser's revalidation get a 304 for a page it would have rendered in full anyway.
  // Static files keep theirs (scripts/static-assets.mjs).
  generateEtags: false,
  // Next's data and page cache and its tag revalidations: this instance's own (as Next's default) or,
  // with REDIS_URL, shared by every instance through Redis (the file says how; README "Several instances").
  cacheHandler: require.resolve("./cache-handler.mjs"),
  // scripts/server.mjs compresses (brotli or gzip); on Vercel the platform does.
  compress: false,
  // forbidden() renders app/forbidden.tsx with a 403 for signed-in users without the role.
  experimental: {
    authInterrupts: true,
    // A homework hand-in carries its files in the server action's body (lib/homework/limits.ts:
    // 25 MB together, each checked there); every other action stays small, as before.
    serverActions: { bodySizeLimit: "26mb" },
    proxyClientMaxBodySize: "26mb",
  },
  reactStrictMode: true,
  serverExternalPackages: ["@electric-sql/pglite"],
  // marked ships only ES modules; listing it here also lets next/jest compile it for Jest's CommonJS.
  // So do file-type (homework files checked by their content) and the packages it imports.
  transpilePackages: ["marked", "file-type", "strtok3", "token-types", "uint8array-extras", "@tokenizer/inflate", "@borewit/text-codec"],
  async headers() {
    // Every response: pages, route handlers, static files and 404s (e2e/security-headers.spec.ts).
    return [
      { source: "/:path*", headers: securityHeaders(env) },
      { source: "/classroom/:path*", headers: [{ key: "Permissions-Policy", value: CLASSROOM_PERMISSIONS_POLICY }] },
    ];
  },
  async redirects() {
    return legacyTemplatePages;
  },
};

export default nextConfig;
