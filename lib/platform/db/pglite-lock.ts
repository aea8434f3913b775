import { readFileSync, rmSync, writeFileSync } from "node:fs";

/**
 * A lock file beside a PGlite directory holding the owner's pid. A second
 * process (a CLI script while the app runs, a second `npm start`) is refused
 * with a message instead of corrupting the database. A lock whose process is
 * gone is taken over.
 */
export function acquireDirectoryLock(dataDir: string): () => void {
  const lockFile = `${dataDir}.lock`;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: "wx" });
      const release = () => rmSync(lockFile, { force: true });
      process.once("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number(readFileSync(lockFile, "utf8"));
      if (owner === process.pid) return () => undefined;
      if (isAlive(owner)) {
        throw new Error(
          `The embedded database at ${dataDir} is in use by process ${owner}. Stop that process first, or set DATABASE_URL to use PostgreSQL.`,
        );
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Could not lock ${dataDir}.`);
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
