// Jest runs the auth tests against the real Auth Emulator: start one for the run
// unless the caller already points at one (FIREBASE_AUTH_EMULATOR_HOST).
import { findFreePortTriple, startAuthEmulator } from "../../scripts/auth-emulator.mjs";

/** Where the search for free ports starts; two test runs at once get different ones. */
export const TEST_EMULATOR_PORT = 9199;
export const TEST_PROJECT_ID = "demo-test";

export default async function globalSetup() {
  process.env.FIREBASE_PROJECT_ID ??= TEST_PROJECT_ID;
  if (process.env.FIREBASE_AUTH_EMULATOR_HOST) return;
  const port = await findFreePortTriple(TEST_EMULATOR_PORT);
  const emulator = await startAuthEmulator({ port, projectId: process.env.FIREBASE_PROJECT_ID });
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
  globalThis.__authEmulator = emulator;
}
