// Jest's one-time preparation for a run: the migrated database templates every test file copies
// (test/templates.mjs), and the real Auth Emulator the auth tests run against, unless the caller
// already points at one (FIREBASE_AUTH_EMULATOR_HOST). The two are made side by side.
import { findFreePortTriple, startAuthEmulator } from "../scripts/auth-emulator.mjs";
import { ensurePgliteTemplate, ensurePostgresTemplate } from "./templates.mjs";

/** Where the search for free ports starts; two test runs at once get different ones. */
export const TEST_EMULATOR_PORT = 9199;
export const TEST_PROJECT_ID = "demo-test";

export default async function globalSetup() {
  process.env.FIREBASE_PROJECT_ID ??= TEST_PROJECT_ID;
  // The workers name their databases after this run (test/templates.mjs testDatabaseName); the
  // global teardown drops them.
  process.env.TEST_RUN_OWNER = String(process.pid);
  const serverUrl = process.env.TEST_DATABASE_URL;
  await Promise.all([
    ensurePgliteTemplate().then((file) => (process.env.PGLITE_TEMPLATE = file)),
    serverUrl ? ensurePostgresTemplate(serverUrl).then((name) => (process.env.TEST_DATABASE_TEMPLATE = name)) : null,
    process.env.FIREBASE_AUTH_EMULATOR_HOST ? null : startEmulator(),
  ]);
}

async function startEmulator() {
  // Two runs starting at once can both find the same ports free: the loser tries further on,
  // from a random offset so the two do not keep colliding.
  let emulator;
  for (let attempt = 0; !emulator; attempt += 1) {
    const port = await findFreePortTriple(TEST_EMULATOR_PORT + (attempt === 0 ? 0 : 3 * Math.floor(Math.random() * 60)));
    try {
      emulator = await startAuthEmulator({ port, projectId: process.env.FIREBASE_PROJECT_ID });
    } catch (error) {
      if (attempt >= 3 || !/port taken|not open|EADDRINUSE/i.test(String(error?.message))) throw error;
    }
  }
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
  globalThis.__authEmulator = emulator;
}
