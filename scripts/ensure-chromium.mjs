// Playwright drives the system Chromium: its own browser download cannot reach the
// network on our machines. This finds it, installs the Debian package when it is
// missing and we may (root on Debian), or fails saying what to do.
//   node scripts/ensure-chromium.mjs   prints the path
import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";

import { canInstallPackages, installDebianPackages } from "./debian-packages.mjs";

export const DEFAULT_CHROMIUM_PATH = "/usr/bin/chromium";

/** Where Chromium is expected: CHROMIUM_PATH, else the Debian package's binary. */
export function resolveChromiumPath(env = process.env) {
  return env.CHROMIUM_PATH || DEFAULT_CHROMIUM_PATH;
}

/** Returns the path of a Chromium binary, installing the Debian package `chromium` if needed. */
export function ensureChromium(env = process.env) {
  const chromium = resolveChromiumPath(env);
  if (existsSync(chromium)) return chromium;
  if (env.CHROMIUM_PATH) throw new Error(`CHROMIUM_PATH is set to ${chromium}, which does not exist.`);
  // Ubuntu's `chromium` package is a snap wrapper that does not run in containers: Debian only.
  if (!canInstallPackages()) {
    throw new Error(
      `Chromium was not found at ${chromium}. Install it (Debian: \`apt-get install chromium\`) ` +
        "or set CHROMIUM_PATH to a Chromium or Chrome binary.",
    );
  }
  console.log(`[ensure-chromium] ${chromium} is missing: installing the Debian package chromium.`);
  installDebianPackages(["chromium"], "ensure-chromium");
  if (!existsSync(chromium)) throw new Error(`apt-get installed chromium, but ${chromium} still does not exist.`);
  return chromium;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    console.log(ensureChromium());
  } catch (error) {
    console.error(`[ensure-chromium] ${error.message}`);
    process.exit(1);
  }
}
