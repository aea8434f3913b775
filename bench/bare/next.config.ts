import type { NextConfig } from "next";

// create-next-app's default config. bench/run.mjs builds this app from a copy outside the
// repository (Turbopack looks for instrumentation.ts/proxy.ts in parent folders too, and would
// otherwise pull in the site's) and sets BENCH_TURBOPACK_ROOT to a folder that holds both the
// copy and the repository's node_modules.
const nextConfig: NextConfig = process.env.BENCH_TURBOPACK_ROOT
  ? { turbopack: { root: process.env.BENCH_TURBOPACK_ROOT } }
  : {};

export default nextConfig;
