import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

export default async function globalTeardown() {
  await globalThis.__authEmulator?.stop();
  // This run's test databases on a PostgreSQL server, each file's kept until now (test/templates.mjs
  // dropRunDatabases): dropped by a detached process, so what runs next does not wait for them. A
  // throwaway server (scripts/throwaway-postgres.mjs) is removed whole instead.
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl && !process.env.TEST_DATABASE_THROWAWAY) {
    const script = fileURLToPath(new URL("./drop-run-databases.mjs", import.meta.url));
    spawn(process.execPath, [script, serverUrl, String(process.pid)], { detached: true, stdio: "ignore" }).unref();
  }
}
