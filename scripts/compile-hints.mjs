// V8's explicit compile hints (Chrome 136 and later): a script whose first line is this magic
// comment is compiled whole, on a background thread, while it streams in. Without it V8 compiles
// each function lazily, on the main thread, the first time it runs. For the framework runtime every
// page starts with (React DOM, Next's router, Turbopack's runtime: the build manifest's
// rootMainFiles) that lazy compiling is most of the start-up task, the one long task of a first
// visit: on this app's /join page it went from 31-36 ms of main thread to 9-11 ms, and
// Lighthouse's mobile total blocking time from about 110 ms to 0-35 ms (bench/README.md).
// Only those files: hinting code that may never run (a route's own chunks, lazy imports) would
// spend compile time and memory on it. Other engines read the line as a comment.
//
// The build's files are changed in place, once: the hint is idempotent, and each file is replaced
// by a rename, so a server already running on the folder never serves half a file. Run by
// scripts/server.mjs before it precompresses, and by `npm run build` (for hosts that serve the
// build folder themselves).
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { buildDir } from "./build-freshness.mjs";
import { writeFileAtomically } from "./write-file-atomically.mjs";

export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

/** The build's start-up scripts, as paths inside distDir; none when there is no build manifest. */
export function startupScripts(distDir) {
  let manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(distDir, "build-manifest.json"), "utf8"));
  } catch {
    return [];
  }
  const staticDir = path.join(distDir, "static") + path.sep;
  return (
    (manifest.rootMainFiles ?? [])
      .filter((file) => typeof file === "string" && file.endsWith(".js"))
      .map((file) => path.resolve(distDir, file))
      // The manifest is the build's own, but nothing outside static/ is ever the browser's to run.
      .filter((file) => file.startsWith(staticDir))
  );
}

/**
 * Puts the compile hint at the top of each start-up script of the build in distDir that lacks it.
 * Returns how many files it changed; a file it cannot change (read-only disk) goes to onError and
 * is served as built.
 */
export function addCompileHints(distDir, { onError = () => {} } = {}) {
  let changed = 0;
  for (const file of startupScripts(distDir)) {
    try {
      const source = fs.readFileSync(file, "utf8");
      if (source.startsWith(COMPILE_HINT)) continue;
      writeFileAtomically(file, COMPILE_HINT + source);
      changed++;
    } catch (error) {
      onError(error, file);
    }
  }
  return changed;
}

// `node scripts/compile-hints.mjs`: the build folder of next.config.ts (NEXT_DIST_DIR or .next).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const distDir = buildDir(root, process.env);
  let failed = false;
  const changed = addCompileHints(distDir, {
    onError: (error, file) => {
      failed = true;
      console.error(`[compile-hints] ${path.relative(root, file)}: ${error.message}`);
    },
  });
  console.log(`[compile-hints] ${changed} start-up script(s) marked for eager compilation in ${path.relative(root, distDir)}`);
  if (failed) process.exit(1);
}
