import "server-only";

import { createRequire } from "node:module";
import path from "node:path";

/**
 * When a cache tag last expired, as this process knows it: Next's in-process tag manifest, the Map
 * its IncrementalCache consults, which cache-handler.mjs keeps in step across the workers of one
 * server and, with REDIS_URL, across instances (README "Several instances"). A cache of our own
 * that a tag expires (lib/platform/security/allowed-hosts.ts) compares this with what it saw when
 * it filled itself, so an expiry made on any instance (cache-handler.mjs expireTags) reaches it.
 *
 * Reached through Node's own require, out of the bundler's sight, as cache-handler.mjs reaches it:
 * the app's bundle must read the one Map Next's runtime (and the handler) writes, not a copy.
 */
type TagsManifest = Map<string, { stale?: number; expired?: number }>;

let manifest: TagsManifest | null | undefined;

function tagsManifest(): TagsManifest | null {
  if (manifest === undefined) {
    try {
      const makeRequire =
        (process.getBuiltinModule?.("module") as typeof import("node:module") | undefined)?.createRequire ?? createRequire;
      const nodeRequire = makeRequire(path.join(process.cwd(), "noop.js"));
      manifest = (nodeRequire("next/dist/server/lib/incremental-cache/tags-manifest.external.js") as { tagsManifest: TagsManifest })
        .tagsManifest;
    } catch {
      // No Next here (a script run outside the project): nothing expires by tag; callers keep their time limit.
      manifest = null;
    }
  }
  return manifest;
}

/** The instant `tag` last expired (ms since the epoch, on the clock of the process that expired it), or undefined if never. */
export function tagExpiredAt(tag: string): number | undefined {
  return tagsManifest()?.get(tag)?.expired;
}
