import { mkdtempSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { acquireDirectoryLock } from "./pglite-lock";

describe("PGlite directory lock", () => {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), "lock-")), "db");

  it("refuses a directory another live process holds, naming it", () => {
    writeFileSync(`${dir}.lock`, String(process.ppid));
    expect(() => acquireDirectoryLock(dir)).toThrow(new RegExp(`in use by process ${process.ppid}`));
  });

  it("takes over a lock whose process is gone and releases it", () => {
    writeFileSync(`${dir}.lock`, "999999999");
    const release = acquireDirectoryLock(dir);
    expect(existsSync(`${dir}.lock`)).toBe(true);
    release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });
});
