// Parts of the project that come from Debian's packages (Chromium for the browser tests, faketime for
// the tests' other clocks): found on the PATH, or installed when missing and we may (root on Debian),
// or a clear error saying what to install.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

export function isDebian() {
  try {
    return /^ID="?debian"?$/m.test(readFileSync("/etc/os-release", "utf8"));
  } catch {
    return false;
  }
}

/** May this process install Debian packages? (Ubuntu's `chromium` is a snap that does not run in containers: Debian only.) */
export const canInstallPackages = () => process.getuid?.() === 0 && isDebian();

function aptGet(args, label) {
  console.log(`[${label}] $ apt-get ${args.join(" ")}`);
  const result = spawnSync("apt-get", args, { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
  if (result.status !== 0) throw new Error(`apt-get ${args[0]} failed (exit code ${result.status ?? result.error?.message}).`);
}

/** Installs `packages`, refreshing the package lists first only when the first try does not find them. */
export function installDebianPackages(packages, label = "debian-packages") {
  const install = ["install", "-y", "--no-install-recommends", ...packages];
  try {
    aptGet(install, label);
  } catch {
    aptGet(["update"], label);
    aptGet(install, label);
  }
}

/** The path of `command` on the PATH, or null. */
export function findCommand(command, env = process.env) {
  for (const dir of (env.PATH ?? "").split(path.delimiter)) {
    const candidate = path.join(dir, command);
    if (dir && existsSync(candidate)) return candidate;
  }
  return null;
}

/** The path of `command`, installing Debian's `pkg` for it when it is missing and we may. */
export function ensureCommand(command, pkg, label = `ensure-${command}`) {
  const found = findCommand(command);
  if (found) return found;
  if (!canInstallPackages()) throw new Error(`${command} was not found on the PATH. Install it (Debian: \`apt-get install ${pkg}\`).`);
  console.log(`[${label}] ${command} is missing: installing the Debian package ${pkg}.`);
  installDebianPackages([pkg], label);
  const installed = findCommand(command);
  if (!installed) throw new Error(`apt-get installed ${pkg}, but ${command} is still not on the PATH.`);
  return installed;
}
