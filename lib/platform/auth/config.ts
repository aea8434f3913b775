import "server-only";

import { brand } from "@/lib/platform/brand";
import { env, type Env } from "@/lib/platform/env";
import { isLoopbackHost } from "@/lib/platform/loopback.mjs";

const emulatorHost = env.FIREBASE_AUTH_EMULATOR_HOST;
const isProduction = env.NODE_ENV === "production";

/**
 * The README's demo accounts (an admin among them, with a published password) are made only where
 * nobody else can reach them: with the Auth Emulator on a loopback HOST. SEED_DEMO_ACCOUNTS decides
 * when set, either way (the explicit flag; `npm start` sets it false under NODE_ENV=production).
 */
export function shouldSeedDemoAccounts(config: Env): boolean {
  return config.SEED_DEMO_ACCOUNTS ?? (Boolean(config.FIREBASE_AUTH_EMULATOR_HOST) && isLoopbackHost(config.HOST));
}

/** Where identity lives: the Auth Emulator (embedded default) or a Firebase project. */
export const identityConfig = {
  usesEmulator: Boolean(emulatorHost),
  projectId: env.FIREBASE_PROJECT_ID ?? `demo-${brand.slug}`,
  restBaseUrl: emulatorHost ? `http://${emulatorHost}/identitytoolkit.googleapis.com/v1` : "https://identitytoolkit.googleapis.com/v1",
  // The emulator accepts any key.
  apiKey: env.FIREBASE_API_KEY ?? "emulator-any-key",
  // `npm run dev` and `npm start` pass a secret made per checkout (scripts/session-secret.mjs); the fixed one is
  // for tests and a bare `next dev`. Production must configure its own (checked at start).
  sessionSecret: env.NEXTAUTH_SECRET ?? (isProduction ? undefined : "development-only-session-secret-do-not-use"),
  seedDemoAccounts: shouldSeedDemoAccounts(env),
  demoPassword: env.DEMO_ACCOUNT_PASSWORD,
  google:
    env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET } : null,
} as const;

/** What stops the server from starting; empty when identity is configured well. */
export function identityConfigProblems(config: Env = env): string[] {
  const problems: string[] = [];
  if (config.NODE_ENV !== "production") return problems;
  const emulator = config.FIREBASE_AUTH_EMULATOR_HOST;
  if (emulator && !config.ALLOW_AUTH_EMULATOR) {
    problems.push(
      "FIREBASE_AUTH_EMULATOR_HOST is set in production: refusing to run against the Auth Emulator (set ALLOW_AUTH_EMULATOR=true to allow it).",
    );
  }
  if (!emulator) {
    for (const name of ["FIREBASE_PROJECT_ID", "FIREBASE_CLIENT_EMAIL", "FIREBASE_PRIVATE_KEY", "FIREBASE_API_KEY"] as const) {
      if (!config[name]) problems.push(`${name} is required in production without the Auth Emulator.`);
    }
  }
  if (!config.NEXTAUTH_SECRET) problems.push("NEXTAUTH_SECRET is required in production (32+ random characters).");
  return problems;
}
