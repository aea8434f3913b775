// The embedded identity default: the Firebase Auth Emulator, used when no Firebase
// project is configured. Shared by `npm start`, `npm run dev` and the CLI scripts.
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");

export const EMULATOR_PORT = 9099;

export function slugOf(env = process.env) {
  if (env.PRODUCT_SLUG) return env.PRODUCT_SLUG;
  const name = env.PRODUCT_NAME || "Brightside";
  return name.toLowerCase().normalize("NFKD").replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "") || "classes";
}

export function embeddedAuthDefaults(env = process.env) {
  const hasFirebaseProject = Boolean(env.FIREBASE_CLIENT_EMAIL && env.FIREBASE_PRIVATE_KEY && env.FIREBASE_API_KEY);
  return {
    usesEmulator: !hasFirebaseProject,
    port: EMULATOR_PORT,
    host: env.FIREBASE_AUTH_EMULATOR_HOST || `127.0.0.1:${EMULATOR_PORT}`,
    projectId: env.FIREBASE_PROJECT_ID || `demo-${slugOf(env)}`.slice(0, 30),
    // Accounts are exported here when the emulator stops, and imported at the next start.
    dataDir: path.join(root, ".data", "auth-emulator"),
  };
}

export async function isEmulatorUp(host) {
  try {
    return (await fetch(`http://${host}/`, { signal: AbortSignal.timeout(1000) })).ok;
  } catch {
    return false;
  }
}
