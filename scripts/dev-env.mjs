// The environment `npm run dev` gives next dev: the embedded defaults of `npm start`, including
// this checkout's own session secret (kept under .data/), never a fixed one everybody can read.
import { demoAccountsDecision, embeddedAuthDefaults, listenHost } from "./embedded-auth.mjs";
import { sessionSecret } from "./session-secret.mjs";

export function devEnvironment(root, baseEnv = process.env) {
  const port = baseEnv.PORT || "3000";
  const auth = embeddedAuthDefaults(baseEnv);
  const env = { ...baseEnv, APP_URL: baseEnv.APP_URL || `http://localhost:${port}` };
  env.NEXTAUTH_URL ||= env.APP_URL;
  env.NEXTAUTH_SECRET ||= sessionSecret(root);
  // As `npm start`: this machine only unless HOST says otherwise, and demo accounts only then.
  env.HOST = listenHost(baseEnv);
  env.SEED_DEMO_ACCOUNTS = String(demoAccountsDecision(baseEnv).seed);
  if (auth.usesEmulator) {
    env.FIREBASE_PROJECT_ID ||= auth.projectId;
    env.FIREBASE_AUTH_EMULATOR_HOST = auth.host;
  }
  return { env, port, auth };
}
