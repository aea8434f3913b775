// `npm run dev`: next dev with the same embedded identity default as `npm start`.
import path from "node:path";

import { ensureAuthEmulator } from "./auth-emulator.mjs";
import { devEnvironment } from "./dev-env.mjs";
import { startEmbeddedMail } from "./embedded-mail.mjs";
import { startEmbeddedStripe } from "./embedded-stripe.mjs";
import { exitIfEmulatorFallbackRefused } from "./embedded-auth.mjs";
import { startClassroomMedia } from "./janus.mjs";
import { run } from "./run-command.mjs";

const root = path.resolve(import.meta.dirname, "..");
exitIfEmulatorFallbackRefused("dev");
const { env, port, auth } = devEnvironment(root);
let emulator = null;
if (auth.usesEmulator) {
  // This checkout's emulator only, as `npm start` (scripts/auth-emulator.mjs, ensureAuthEmulator).
  const found = await ensureAuthEmulator({
    port: auth.port,
    projectId: env.FIREBASE_PROJECT_ID,
    dataDir: auth.dataDir,
    log: (line) => console.log(`[dev] ${line}`),
  });
  emulator = found.emulator;
  env.FIREBASE_AUTH_EMULATOR_HOST = found.host;
  console.log(`[dev] ${found.note}`);
}
const mail = await startEmbeddedMail(root, process.env);
Object.assign(env, mail.env);
// The mailbox page is for the embedded server only: not for a folder named by hand beside a real SMTP server.
if (!mail.server) delete env.MAILBOX_DIR;
// Card payments: with no STRIPE_SECRET_KEY, the local TEST stand-in, as `npm start` (scripts/embedded-stripe.mjs).
const stripe = await startEmbeddedStripe(root, process.env, { host: env.HOST, port });
Object.assign(env, stripe.env);
console.log(
  stripe.server ? `[dev] card payments: local TEST stand-in at ${stripe.server.url}` : `[dev] card payments: ${stripe.decision.reason}`,
);
// The live class's media server, as `npm start` (scripts/janus.mjs).
const media = await startClassroomMedia(process.env);
Object.assign(env, media.env);
const code = await run(path.join(root, "node_modules", ".bin", "next"), ["dev", "-p", port, "-H", env.HOST], { cwd: root, env });
await emulator?.stop();
await mail.server?.stop();
await stripe.server?.stop();
await media.server?.stop();
process.exit(code);
