// `npm run set-role -- <email> <role>`: changes a user's role, claims and users row together.
// With the embedded database, stop the app first (the database allows one process);
// the Auth Emulator is started for the change when none is running.
import { ensureAuthEmulator } from "./auth-emulator.mjs";
import { embeddedAuthDefaults } from "./embedded-auth.mjs";

async function main() {
  const [email, role] = process.argv.slice(2);
  const { isRole, ROLES } = await import("../lib/platform/auth/roles");
  if (!email || !isRole(role)) {
    console.error(`usage: npm run set-role -- <email> <${ROLES.join("|")}>`);
    process.exit(2);
  }
  const defaults = embeddedAuthDefaults();
  let emulator: { stop(): Promise<void> } | null = null;
  if (defaults.usesEmulator) {
    process.env.FIREBASE_PROJECT_ID ??= defaults.projectId;
    // An emulator named in the shell is used as it is; otherwise this checkout's (scripts/auth-emulator.mjs).
    if (!process.env.FIREBASE_AUTH_EMULATOR_HOST) {
      const found = await ensureAuthEmulator({
        port: defaults.port,
        projectId: process.env.FIREBASE_PROJECT_ID,
        dataDir: defaults.dataDir,
      });
      emulator = found.emulator;
      process.env.FIREBASE_AUTH_EMULATOR_HOST = found.host;
    }
  }
  try {
    const { setUserRole } = await import("../lib/accounts/accounts");
    const { COMMAND_LINE_ACTOR } = await import("../lib/audit/audit");
    const row = await setUserRole(email, role, { auditAs: COMMAND_LINE_ACTOR });
    console.log(`${email} is now ${row.role} (users.id ${row.id}); they see it at their next page load.`);
  } finally {
    await emulator?.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
