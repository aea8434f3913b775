import "server-only";

import { identityConfig, identityConfigProblems } from "@/lib/auth/config";
import { isBuildPhase } from "@/lib/env";
import { startOutboxWorker } from "@/lib/outbox/worker";

/** What a server instance does once at start (instrumentation.ts). */
export async function startServer(): Promise<void> {
  if (isBuildPhase) return;
  const problems = identityConfigProblems();
  if (problems.length > 0) {
    console.error(`Refusing to start:\n  ${problems.join("\n  ")}`);
    process.exit(1);
  }
  // Migrations apply at start, not at the first request. An unreachable database is logged, not
  // fatal: static pages still serve, and getDb() tries again on the next request (503 until then).
  const { getOpenDatabase } = await import("@/lib/db/client");
  await getOpenDatabase()
    .then((opened) => console.log(`[db] ${opened.kind} database migrated and ready`))
    .catch((error: unknown) => console.error("[db] could not open the database at start:", error instanceof Error ? error.message : error));
  startOutboxWorker();
  if (identityConfig.seedDemoAccounts) {
    // Awaited, so the demo accounts exist before the first request; a failure is logged, not fatal.
    const { ensureDemoAccounts } = await import("@/lib/auth/demo-accounts");
    await ensureDemoAccounts()
      .then(() => console.log("[auth] demo accounts ready: student, teacher, admin, support @example.com"))
      .catch((error: unknown) => console.error("[auth] could not create the demo accounts:", error instanceof Error ? error.message : error));
  }
}
