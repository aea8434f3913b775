// The embedded identity default: the Firebase Auth Emulator, used when no Firebase
// project is configured. Shared by `npm start`, `npm run dev` and the CLI scripts.
import path from "node:path";

import { EMBEDDED_DEFAULT_HOST, isLoopbackHost } from "../lib/platform/loopback.mjs";

const root = path.resolve(import.meta.dirname, "..");

export const EMULATOR_PORT = 9099;

export function slugOf(env = process.env) {
  if (env.PRODUCT_SLUG) return env.PRODUCT_SLUG;
  const name = env.PRODUCT_NAME || "Brightside";
  return (
    name
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "") || "classes"
  );
}

/** What a Firebase project needs; with none of them set, the emulator is the embedded default. */
const FIREBASE_PROJECT_VARIABLES = ["FIREBASE_PROJECT_ID", "FIREBASE_CLIENT_EMAIL", "FIREBASE_PRIVATE_KEY", "FIREBASE_API_KEY"];

/**
 * Why the start scripts must not fall back to the emulator, or null when they may. A half-configured
 * Firebase project is a deployment mistake, not a request for the emulator and its public demo
 * passwords; so is production data (DATABASE_URL) without an explicit ALLOW_AUTH_EMULATOR=true.
 */
export function emulatorFallbackProblem(env = process.env) {
  const given = FIREBASE_PROJECT_VARIABLES.filter((name) => env[name] && name !== "FIREBASE_PROJECT_ID");
  const missing = FIREBASE_PROJECT_VARIABLES.filter((name) => !env[name]);
  if (given.length > 0 && missing.length > 0) {
    return `Firebase is half configured: ${missing.join(", ")} ${missing.length === 1 ? "is" : "are"} missing (set all of ${FIREBASE_PROJECT_VARIABLES.join(", ")}, or none for the Auth Emulator).`;
  }
  if (missing.length > 0 && env.DATABASE_URL && env.ALLOW_AUTH_EMULATOR !== "true") {
    return "DATABASE_URL is set but no Firebase project is: refusing to put the Auth Emulator and its demo accounts in front of that database (configure Firebase, or set ALLOW_AUTH_EMULATOR=true to allow it).";
  }
  if (missing.length > 0 && !isLoopbackHost(listenHost(env)) && env.ALLOW_AUTH_EMULATOR !== "true") {
    return `HOST=${env.HOST} makes the server reachable from other machines, and no Firebase project is configured: refusing to put the Auth Emulator in front of it (configure Firebase, or set ALLOW_AUTH_EMULATOR=true to allow it; demo accounts are then made only with SEED_DEMO_ACCOUNTS=true).`;
  }
  return null;
}

/** Where the embedded default listens: HOST, else this machine only. */
export function listenHost(env = process.env) {
  return env.HOST || EMBEDDED_DEFAULT_HOST;
}

/**
 * Whether the start scripts create the README's demo accounts (SEED_DEMO_ACCOUNTS for the server),
 * and why (not): only with the Auth Emulator, on this machine (a loopback HOST) and not with
 * NODE_ENV=production, unless SEED_DEMO_ACCOUNTS says so explicitly, either way.
 */
export function demoAccountsDecision(env = process.env) {
  if (env.SEED_DEMO_ACCOUNTS) return { seed: env.SEED_DEMO_ACCOUNTS === "true", reason: "SEED_DEMO_ACCOUNTS says so" };
  if (!embeddedAuthDefaults(env).usesEmulator) return { seed: false, reason: "a Firebase project is configured" };
  if (env.NODE_ENV === "production") return { seed: false, reason: "NODE_ENV=production (SEED_DEMO_ACCOUNTS=true makes them anyway)" };
  if (!isLoopbackHost(listenHost(env)))
    return { seed: false, reason: `HOST=${env.HOST} is reachable from other machines (SEED_DEMO_ACCOUNTS=true makes them anyway)` };
  return { seed: true, reason: "the server listens on this machine only" };
}

/** Ends a start script (tag: "start", "dev") with the reason when the emulator fallback is refused. */
export function exitIfEmulatorFallbackRefused(tag, env = process.env) {
  const problem = emulatorFallbackProblem(env);
  if (!problem) return;
  console.error(`[${tag}] ${problem}`);
  process.exit(1);
}

export function embeddedAuthDefaults(env = process.env) {
  const hasFirebaseProject = FIREBASE_PROJECT_VARIABLES.every((name) => env[name]);
  return {
    usesEmulator: !hasFirebaseProject,
    port: EMULATOR_PORT,
    host: env.FIREBASE_AUTH_EMULATOR_HOST || `127.0.0.1:${EMULATOR_PORT}`,
    projectId: env.FIREBASE_PROJECT_ID || `demo-${slugOf(env)}`.slice(0, 30),
    // Accounts are exported here when the emulator stops, and imported at the next start.
    dataDir: path.join(root, ".data", "auth-emulator"),
  };
}
