// A server that runs on another server's build (the e2e "configured" server, whose widget settings,
// shell links and APP_URL differ from the first server's): one `next build` per test run instead of
// two. What a build fixes from its configuration is in its prerendered pages (HTML, RSC payloads,
// route answers such as the sitemap); everything else reads the configuration at run time
// (lib/platform/env.ts parses process.env when the server starts; nothing inlines NEXT_PUBLIC_*
// values into code, the browser gets them as props). So the copy leaves the prerendered pages out:
// Next finds no cached copy of a page and renders it, once, with this server's configuration. The
// other thing a build fixes is next.config.ts's `headers()` (the Content-Security-Policy names the
// configured analytics and widget hosts), kept in routes-manifest.json: the copy's are computed
// again from this server's environment.
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

import loadConfigModule from "next/dist/server/config.js";
import { PHASE_PRODUCTION_SERVER } from "next/dist/shared/lib/constants.js";

const loadConfig = loadConfigModule.default ?? loadConfigModule;

/** The files Next writes for one prerendered route, beside its name under server/app. */
const PRERENDER_SUFFIXES = [".html", ".rsc", ".meta", ".body", ".segments", ".prefetch.rsc"];

/**
 * Copies the build in `from` to `to` (replacing it), without Next's compiler cache or any page
 * prerendered with `from`'s configuration, and with this process's configured headers.
 * @returns {{ routes: number }} how many prerendered routes were left out
 */
export async function copyBuildForThisConfiguration({ root, from, to }) {
  rmSync(to, { recursive: true, force: true });
  // Files, not hard links: this server's cache writes its own renders into its folder.
  cpSync(from, to, { recursive: true, filter: (source) => path.relative(from, source) !== "cache" });
  const manifest = JSON.parse(readFileSync(path.join(to, "prerender-manifest.json"), "utf8"));
  const routes = Object.keys(manifest.routes ?? {});
  for (const route of routes) {
    const base = path.join(to, "server", "app", route === "/" ? "index" : route.replace(/^\//, ""));
    for (const suffix of PRERENDER_SUFFIXES) {
      if (existsSync(base + suffix)) rmSync(base + suffix, { recursive: true, force: true });
    }
  }
  await recomputeConfiguredHeaders(root, to);
  return { routes: routes.length };
}

/** next.config.ts's headers() evaluated in this process's environment, written over the copy's. */
async function recomputeConfiguredHeaders(root, buildFolder) {
  const config = await loadConfig(PHASE_PRODUCTION_SERVER, root, { silent: true });
  const current = new Map((await config.headers()).map((rule) => [rule.source, rule.headers]));
  const manifestPath = path.join(buildFolder, "routes-manifest.json");
  const manifest = JSON.parse(readFileSync(manifestPath, "utf8"));
  for (const rule of manifest.headers) {
    const headers = current.get(rule.source);
    if (!headers) throw new Error(`next.config.ts has no headers() rule for ${rule.source} any more: rebuild`);
    rule.headers = headers;
  }
  writeFileSync(manifestPath, JSON.stringify(manifest));
}
