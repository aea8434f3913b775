// `npm run dev`: next dev with the same embedded identity default as `npm start`.
import path from "node:path";

import { startAuthEmulator } from "./auth-emulator.mjs";
import { embeddedAuthDefaults, exitIfEmulatorFallbackRefused, isEmulatorUp } from "./embedded-auth.mjs";
import { run } from "./run-command.mjs";

const root = path.resolve(import.meta.dirname, "..");
const port = process.env.PORT || "3000";
exitIfEmulatorFallbackRefused("dev");
const auth = embeddedAuthDefaults();
const env = { ...process.env, APP_URL: process.env.APP_URL || `http://localhost:${port}` };
env.NEXTAUTH_URL ||= env.APP_URL;
let emulator = null;
if (auth.usesEmulator) {
  env.FIREBASE_PROJECT_ID ||= auth.projectId;
  env.FIREBASE_AUTH_EMULATOR_HOST = auth.host;
  if (!(await isEmulatorUp(auth.host))) emulator = await startAuthEmulator({ port: auth.port, projectId: env.FIREBASE_PROJECT_ID, dataDir: auth.dataDir });
}
const code = await run(path.join(root, "node_modules", ".bin", "next"), ["dev", "-p", port], { cwd: root, env });
await emulator?.stop();
process.exit(code);
