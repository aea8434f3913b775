import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/**
 * House rule (STYLE.md): lib/platform/env.ts is the only reader of process.env in the
 * app. Tests, Node scripts and config files outside the app may read it.
 */
const root = path.join(__dirname, "..", "..");
const appFolders = ["app", "browser", "components", "lib"];
const allowed = new Set(["lib/platform/env.ts", "test/jest-env.ts", "test/database.ts"]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

it("reads process.env only in lib/platform/env.ts", () => {
  const offenders = appFolders
    .flatMap((folder) => sourceFiles(path.join(root, folder)))
    .map((file) => path.relative(root, file))
    .filter((file) => !allowed.has(file) && /process\.env\b/.test(readFileSync(path.join(root, file), "utf8")));
  expect(offenders).toEqual([]);
});
