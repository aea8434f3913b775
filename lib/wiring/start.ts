import "server-only";

import { identityConfig, identityConfigProblems } from "@/lib/platform/auth/config";
import { env, isBuildPhase } from "@/lib/platform/env";
import { startMoneyAuditTimer } from "@/lib/commerce/seats/audit";
import { reactBeforeTheAnswerWith } from "@/lib/platform/events/reactions";
import { startTimedWork } from "@/lib/platform/events/timed";
import { startOutboxWorker } from "@/lib/platform/outbox/worker";
import { REACTIONS, TIMED_WORK } from "@/lib/reactions/table";
import { outboxRoutes } from "@/lib/wiring/outbox-routes";

/** What a server instance does once at start (instrumentation.ts). */
export async function startServer(): Promise<void> {
  if (isBuildPhase) return;
  const problems = identityConfigProblems();
  if (problems.length > 0) {
    console.error(`Refusing to start:\n  ${problems.join("\n  ")}`);
    process.exit(1);
  }
  if (env.NODE_ENV === "production" && !identityConfig.seedDemoAccounts) await refuseDemoPasswords();
  // Migrations apply at start, not at the first request. An unreachable database is logged, not
  // fatal: static pages still serve, and getDb() tries again on the next request (503 until then).
  const { getOpenDatabase } = await import("@/lib/platform/db/client");
  await getOpenDatabase()
    .then((opened) => console.log(`[db] ${opened.kind} database migrated and ready`))
    .catch((error: unknown) => console.error("[db] could not open the database at start:", error instanceof Error ? error.message : error));
  startOutboxWorker(outboxRoutes());
  // The reactions a person must find done on their next page (the seat pages' expiry) also run before their action's answer.
  reactBeforeTheAnswerWith(REACTIONS);
  // What the clock causes (reminders, digests, waitlist lapses, lapsed clearances, session credits, retention,
  // teachers' reliability): the
  // timed lines of the reactions table, each on its interval on every instance, safe twice by its own keys or claims.
  startTimedWork(TIMED_WORK);
  await seedDemoData(identityConfig.seedDemoAccounts);
  // Issue 39's data migration: seats paid before entitlements existed get theirs (once; see the function).
  await giveExistingSeatsTheirEntitlements();
  // Issue 39: the daily money audit (every seat's price against its entitlements, no wallet below zero), shown to admins; after the line above.
  startMoneyAuditTimer();
  await expireBuiltPages({ buildReadACopy: !env.DATABASE_URL, seeded: identityConfig.seedDemoAccounts });
}

/**
 * The pages the build prerendered read a database of the build's own: on PGlite an in-memory copy
 * with the catalogue and no sections (lib/platform/db/client.ts, isBuildCopy), and the demo data is
 * seeded only at start, above. The pages that show sections (the course cards' "Next class" and
 * "From $X" on the home and category pages and /courses, course and teacher pages: SEAT_PAGES_TAG,
 * which their cached data carries) would wait for their first five-minute revalidation: once the
 * data is ready they are expired, and the first visitor gets each rendered from this database,
 * static again after that. The other pages keep their prerendered copy (the catalogue is the same).
 * revalidateTag needs a request, so this goes to Next's cache handler itself (cache-handler.mjs:
 * this process, the sibling workers and, with Redis, the other instances). With DATABASE_URL and
 * no demo data the build read this database: nothing to do. A failure is logged, not fatal.
 */
export async function expireBuiltPages({ buildReadACopy, seeded }: { buildReadACopy: boolean; seeded: boolean }): Promise<void> {
  if (!buildReadACopy && !seeded) return;
  const [{ expireTags }, { SEAT_PAGES_TAG }] = await Promise.all([import("@/cache-handler.mjs"), import("@/lib/scheduling/seat-pages")]);
  await expireTags([SEAT_PAGES_TAG])
    .then(() => console.log("[cache] the prerendered pages that show sections expired: the first visit renders them from this database"))
    .catch((error: unknown) =>
      console.error("[cache] could not expire the prerendered pages:", error instanceof Error ? error.message : error),
    );
}

/**
 * The embedded default's demo data (only when the demo accounts are seeded: on loopback, never in
 * production): the demo accounts, then the teachers and open sections that fill the course pages, then
 * the demo student's child and wallet credit, then a class already running (seats, attendance, reviews).
 * Awaited, so they exist before the first request; a failure is logged, not fatal.
 */
export async function seedDemoData(seedDemoAccounts: boolean): Promise<void> {
  if (!seedDemoAccounts) return;
  const { ensureDemoAccounts } = await import("@/lib/wiring/seed/demo-accounts");
  await ensureDemoAccounts()
    .then(() => console.log("[auth] demo accounts ready: student, teacher, admin, support @example.com"))
    .catch((error: unknown) => console.error("[auth] could not create the demo accounts:", error instanceof Error ? error.message : error));
  const { seedSchedules } = await import("@/lib/wiring/seed/schedules");
  await seedSchedules()
    .then(() => console.log("[scheduling] demo teachers and sections ready"))
    .catch((error: unknown) =>
      console.error("[scheduling] could not seed the demo schedules:", error instanceof Error ? error.message : error),
    );
  const { seedDemoTeacherSchedule } = await import("@/lib/wiring/seed/demo-teacher");
  await seedDemoTeacherSchedule("teacher@example.com").catch((error: unknown) =>
    console.error("[scheduling] could not seed the demo teacher's schedule:", error instanceof Error ? error.message : error),
  );
  const { seedDemoFamily } = await import("@/lib/wiring/seed/demo-family");
  await seedDemoFamily()
    .then(() => console.log("[commerce] the demo student has a child and wallet credit"))
    .catch((error: unknown) => console.error("[commerce] could not seed the demo family:", error instanceof Error ? error.message : error));
  // The demo family's child's own sign-in (/kids, a picture password).
  const { seedDemoLearner } = await import("@/lib/wiring/seed/demo-learner");
  await seedDemoLearner().catch((error: unknown) =>
    console.error("[learner-access] could not seed the demo child's sign-in:", error instanceof Error ? error.message : error),
  );
  // A demo the demo teacher gave yesterday, waiting for its outcome (issue 27).
  const { seedPastDemo } = await import("@/lib/wiring/seed/past-demo");
  await seedPastDemo().catch((error: unknown) =>
    console.error("[scheduling] could not seed the past demo:", error instanceof Error ? error.message : error),
  );
  // Issue 29: approved reviews with comments of the seeded teachers' classes (course and teacher pages).
  const { seedReviews } = await import("@/lib/wiring/seed/reviews");
  await seedReviews().catch((error: unknown) =>
    console.error("[classroom] could not seed the reviews:", error instanceof Error ? error.message : error),
  );
  // After the demo family: the running class seats its child.
  const { seedLiveClass } = await import("@/lib/wiring/seed/live-class");
  await seedLiveClass()
    .then(() => console.log("[classroom] the demo teacher's running class has its learners, attendance and reviews"))
    .catch((error: unknown) =>
      console.error("[classroom] could not seed the running class:", error instanceof Error ? error.message : error),
    );
  // A class Sam finished weeks ago, every session held: its certificate can be issued (issue 44).
  const { seedEndedClass } = await import("@/lib/wiring/seed/ended-class");
  await seedEndedClass()
    .then(() => console.log("[homework] the class Sam finished is ready for its certificate"))
    .catch((error: unknown) => console.error("[homework] could not seed the ended class:", error instanceof Error ? error.message : error));
  // A class the demo teacher taught over the last three months: statements on /teacher/earnings (issue 28).
  const { seedPastTeaching } = await import("@/lib/wiring/seed/past-teaching");
  await seedPastTeaching()
    .then(() => console.log("[earnings] the demo teacher's past months have statements"))
    .catch((error: unknown) =>
      console.error("[earnings] could not seed the past teaching:", error instanceof Error ? error.message : error),
    );
  // After the running class: two conversations with its teacher, one with a masked, flagged message (issue 28).
  const { seedMessages } = await import("@/lib/wiring/seed/messages");
  await seedMessages()
    .then(() => console.log("[messages] the demo teacher's conversations are ready"))
    .catch((error: unknown) =>
      console.error("[messages] could not seed the conversations:", error instanceof Error ? error.message : error),
    );
  // After the conversations: two open reports in support's safety queue, one past its 24-hour first response (issue 40).
  const { seedConcerns } = await import("@/lib/wiring/seed/concerns");
  await seedConcerns()
    .then(() => console.log("[safety] the demo concerns are in support's queue"))
    .catch((error: unknown) => console.error("[safety] could not seed the concerns:", error instanceof Error ? error.message : error));
  // After the running class: one of its sessions moved, one cancelled with a make-up; a full class with a waitlist; demos with outcomes (issue 27).
  const { seedClassLife } = await import("@/lib/wiring/seed/class-life");
  await seedClassLife()
    .then(() => console.log("[scheduling] class life ready: a moved and a cancelled session, a waitlist, demo outcomes"))
    .catch((error: unknown) =>
      console.error("[scheduling] could not seed the class life:", error instanceof Error ? error.message : error),
    );
  // Issue 38: a teacher application waiting for the admin at /admin/applications, its background check still to run.
  const { seedTeacherApplication } = await import("@/lib/wiring/seed/teacher-application");
  await seedTeacherApplication()
    .then(() => console.log("[teachers] a teacher application is waiting at /admin/applications"))
    .catch((error: unknown) =>
      console.error("[teachers] could not seed the teacher application:", error instanceof Error ? error.message : error),
    );
}

/**
 * A server others can reach (production, demo accounts not seeded) must not let anyone in with the
 * README's password: the demo accounts include an admin. Ends the process when one still does.
 * When identity cannot answer, the check is logged as not done and the start goes on (sign-ins
 * fail then anyway, and nobody outside can cause it).
 */
async function refuseDemoPasswords(): Promise<void> {
  const { findAccountsWithDemoPassword } = await import("@/lib/wiring/seed/demo-accounts");
  let found: string[];
  try {
    found = await findAccountsWithDemoPassword();
  } catch (error) {
    console.error("[auth] could not check the demo accounts' passwords:", error instanceof Error ? error.message : error);
    return;
  }
  if (found.length === 0) return;
  console.error(
    `Refusing to start: ${found.join(", ")} still ${found.length === 1 ? "has" : "have"} the demo password published in the README. ` +
      "Change the password of each, or delete the account, then start again (demo accounts belong on this machine only: `npm start`).",
  );
  process.exit(1);
}

/** Runs lib/commerce/seats/backfill.ts once the database is migrated; a failure is logged, not fatal (the next start tries again). */
export async function giveExistingSeatsTheirEntitlements(): Promise<void> {
  const [{ getDb }, { giveExistingSeatsEntitlements }] = await Promise.all([
    import("@/lib/platform/db/client"),
    import("@/lib/commerce/seats/backfill"),
  ]);
  await getDb()
    .then((db) => giveExistingSeatsEntitlements(db))
    .then((given) => {
      if (given > 0) console.log(`[commerce] ${given} seats paid before issue 39 given their entitlements`);
    })
    .catch((error: unknown) =>
      console.error("[commerce] could not give existing seats their entitlements:", error instanceof Error ? error.message : error),
    );
}
