// Playwright drives the system Chromium: its own browser download cannot reach the
// network on our machines. This finds it, installs the Debian package when it is
// missing and we may (root on Debian), or fails saying what to do.
//   node scripts/ensure-chromium.mjs [--headless-shell]   prints the path
import { existsSync } from "node:fs";
import { pathToFileURL } from "node:url";

import { canInstallPackages, installDebianPackages } from "./debian-packages.mjs";

export const DEFAULT_CHROMIUM_PATH = "/usr/bin/chromium";

/**
 * The browser tests' browser: Debian's `chromium-headless-shell`, the old headless shell that
 * Playwright's own downloads use for headless runs. Measured on this 2-core machine (README
 * "Testing"): the same 80 tests took 69 s of CPU and 463 s with it against 126 s and 677 s with the
 * full browser in its new headless mode, which runs the whole browser and its GPU process.
 */
export const HEADLESS_SHELL_PATH = "/usr/bin/chromium-headless-shell";

/** Where Chromium is expected: CHROMIUM_PATH, else the Debian package's binary. */
export function resolveChromiumPath(env = process.env, { headlessShell = false } = {}) {
  return env.CHROMIUM_PATH || (headlessShell ? HEADLESS_SHELL_PATH : DEFAULT_CHROMIUM_PATH);
}

/** Returns the path of a Chromium binary, installing its Debian package (`chromium` or `chromium-headless-shell`) if needed. */
export function ensureChromium(env = process.env, { headlessShell = false } = {}) {
  const chromium = resolveChromiumPath(env, { headlessShell });
  if (existsSync(chromium)) return chromium;
  if (env.CHROMIUM_PATH) throw new Error(`CHROMIUM_PATH is set to ${chromium}, which does not exist.`);
  const debianPackage = headlessShell ? "chromium-headless-shell" : "chromium";
  // Ubuntu's `chromium` package is a snap wrapper that does not run in containers: Debian only.
  if (!canInstallPackages()) {
    throw new Error(
      `Chromium was not found at ${chromium}. Install it (Debian: \`apt-get install ${debianPackage}\`) ` +
        "or set CHROMIUM_PATH to a Chromium or Chrome binary.",
    );
  }
  console.log(`[ensure-chromium] ${chromium} is missing: installing the Debian package ${debianPackage}.`);
  installDebianPackages([debianPackage], "ensure-chromium");
  if (!existsSync(chromium)) throw new Error(`apt-get installed ${debianPackage}, but ${chromium} still does not exist.`);
  return chromium;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    console.log(ensureChromium(process.env, { headlessShell: process.argv.includes("--headless-shell") }));
  } catch (error) {
    console.error(`[ensure-chromium] ${error.message}`);
    process.exit(1);
  }
}
