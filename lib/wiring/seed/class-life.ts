import "server-only";

import { and, asc, eq, inArray } from "drizzle-orm";
import { DateTime } from "luxon";

import { placeOrder } from "@/lib/commerce/checkout/checkout";
import { lockWallet, writeEntry } from "@/lib/commerce/wallet/ledger";
import type { Actor } from "@/lib/platform/auth/permissions";
import { getDb } from "@/lib/platform/db/client";
import {
  bookings,
  courses,
  ledgerEntries,
  learners,
  sections,
  sessionChanges,
  users,
  waitlistEntries,
} from "@/lib/platform/db/schema/index";
import { recordDemoOutcome } from "@/lib/scheduling/demo-outcomes";
import { cancelSession, moveSession, setMakeupSession } from "@/lib/scheduling/session-changes";
import { sectionSessions, weeklyRule } from "@/lib/scheduling/sessions";
import { joinWaitlist } from "@/lib/scheduling/waitlist";

import { LIVE_CLASS } from "./live-class";
import { seedDemoAt } from "./past-demo";

type Db = Awaited<ReturnType<typeof getDb>>;

/**
 * Issue 27's class life, seeded so `npm start` shows it: in the demo teacher's running class one
 * session moved and one cancelled with a make-up (the demo student's /my-courses lists both in its
 * zone); Science Explorers' 1-on-1 class full with a family on its waitlist; two demos with their
 * outcomes (attended with a note and a recommended section, a no-show) beside the two that still
 * need one (past-demo.ts). Through the domains' own functions, so the rows, events and emails are
 * the ones a teacher or a family makes. Idempotent: each part is skipped once it is there.
 */
export const CLASS_LIFE = {
  teacherEmail: LIVE_CLASS.teacherEmail,
  /** Families without a sign-in; their demos were at 4 and 5 PM in New York, after school. */
  outcomes: [
    {
      familyEmail: "attended.demo@example.com",
      grade: 5,
      idempotencyKey: "seed:attended-demo",
      daysAgo: 2,
      localMinute: 16 * 60,
      outcome: "attended" as const,
      note: "Noor built a maze game in her first half hour and explained every block. She is ready for the weekly class.",
      level: "beginner" as const,
    },
    {
      familyEmail: "noshow.demo@example.com",
      grade: 3,
      idempotencyKey: "seed:no-show-demo",
      daysAgo: 3,
      localMinute: 17 * 60,
      outcome: "no_show" as const,
      note: "",
      level: undefined,
    },
  ],
  demoZone: "America/New_York",
  /** The full class and the family waiting for it (Los Angeles: the London class is at 10 AM on Saturdays there). */
  fullCourseSlug: "science-explorers",
  seatedFamilyUid: LIVE_CLASS.otherFamily.firebaseUid,
  seatCreditReason: "Demo credit: the seat in the full class",
  waitingFamily: {
    firebaseUid: "seed-family-2",
    email: "seed-family-2@example.com",
    displayName: "Seed Family Two",
    timezone: "America/Los_Angeles",
    child: { firstName: "Mia", grade: 4 },
  },
};

export async function seedClassLife(now = new Date()): Promise<void> {
  const db = await getDb();
  const [teacher] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.email, CLASS_LIFE.teacherEmail), eq(users.role, "teacher")));
  if (!teacher) return;
  const actor: Actor = { id: teacher.id, email: teacher.email, role: "teacher" };
  await seedSessionChanges(db, actor, now);
  await seedDemoOutcomes(db, actor, now);
  await seedFullClassWithWaitlist(db, now);
}

/** A wall time in `zone` as a datetime-local field sends it. */
const localTime = (at: DateTime, zone: string) => at.setZone(zone).toFormat("yyyy-MM-dd'T'HH:mm");

/**
 * In the running class (live-class.ts): the second coming session moved 90 minutes later the same
 * afternoon, the fourth cancelled with a make-up the next afternoon. A teacher busy then (another
 * class) leaves that change out: the start goes on.
 */
async function seedSessionChanges(db: Db, actor: Actor, now: Date): Promise<void> {
  const plan = LIVE_CLASS.section;
  const [section] = await db
    .select()
    .from(sections)
    .where(
      and(
        eq(sections.teacherId, actor.id),
        eq(sections.rrule, weeklyRule(plan.weekdays)),
        eq(sections.startMinute, plan.startMinute),
        eq(sections.timezone, LIVE_CLASS.timezone),
      ),
    )
    .orderBy(asc(sections.id))
    .limit(1);
  if (!section) return;
  const [changed] = await db
    .select({ id: sessionChanges.id })
    .from(sessionChanges)
    .where(eq(sessionChanges.sectionId, section.id))
    .limit(1);
  if (changed) return;
  const coming = sectionSessions(section, new Date(now.getTime() + 86_400_000), new Date(now.getTime() + 30 * 86_400_000));
  const [, moved, , cancelled] = coming;
  const zone = section.timezone;
  const tryChange = (what: string, change: () => Promise<unknown>) =>
    change().catch((error: unknown) => console.warn(`[seed] ${what} left out:`, error instanceof Error ? error.message : error));
  if (moved) {
    const to = DateTime.fromISO(moved.startsAt).plus({ minutes: 90 });
    await tryChange("the moved session", () =>
      moveSession(actor, section.id, { occurrence: moved.startsAt, startsAt: localTime(to, zone) }, now),
    );
  }
  if (cancelled) {
    await tryChange("the cancelled session", async () => {
      await cancelSession(actor, section.id, { occurrence: cancelled.startsAt }, now);
      const makeup = DateTime.fromISO(cancelled.startsAt).plus({ days: 1 });
      await setMakeupSession(actor, section.id, { occurrence: cancelled.startsAt, startsAt: localTime(makeup, zone) }, now);
    });
  }
}

/** Two demos of the last days, after school in New York, with the outcome the teacher recorded. */
async function seedDemoOutcomes(db: Db, actor: Actor, now: Date): Promise<void> {
  for (const demo of CLASS_LIFE.outcomes) {
    const startsAt = DateTime.fromJSDate(now, { zone: CLASS_LIFE.demoZone })
      .minus({ days: demo.daysAgo })
      .startOf("day")
      .plus({ minutes: demo.localMinute })
      .toJSDate();
    const bookingId = await seedDemoAt({ ...demo, teacherEmail: actor.email }, startsAt);
    if (!bookingId) continue;
    const [booking] = await db
      .select({ status: bookings.status, courseId: bookings.courseId })
      .from(bookings)
      .where(eq(bookings.id, bookingId));
    if (!booking || booking.status !== "confirmed") continue; // its outcome is recorded already
    const [recommended] =
      demo.outcome === "attended" && booking.courseId !== null
        ? await db
            .select({ id: sections.id })
            .from(sections)
            .where(and(eq(sections.courseId, booking.courseId), eq(sections.status, "open")))
            .orderBy(asc(sections.id))
            .limit(1)
        : [];
    await recordDemoOutcome(
      actor,
      { bookingId, outcome: demo.outcome, note: demo.note, level: demo.level, recommendedSectionId: recommended?.id },
      now,
    );
  }
}

/** Science Explorers' 1-on-1 class: a child of the seeded family takes its one seat, another family's child waits in line. */
async function seedFullClassWithWaitlist(db: Db, now: Date): Promise<void> {
  const [section] = await db
    .select({ id: sections.id, priceMinor: sections.priceMinor })
    .from(sections)
    .innerJoin(courses, eq(courses.id, sections.courseId))
    .where(
      and(eq(courses.slug, CLASS_LIFE.fullCourseSlug), eq(sections.classType, "one_on_one"), inArray(sections.status, ["open", "full"])),
    )
    .orderBy(asc(sections.id))
    .limit(1);
  const [seatedParent] = await db.select({ id: users.id }).from(users).where(eq(users.firebaseUid, CLASS_LIFE.seatedFamilyUid));
  if (!section || !seatedParent) return;
  const [child] = await db
    .select({ id: learners.id })
    .from(learners)
    .where(eq(learners.parentId, seatedParent.id))
    .orderBy(asc(learners.id))
    .limit(1);
  if (!child) return;
  const [seated] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.sectionId, section.id), eq(bookings.learnerId, child.id)))
    .limit(1);
  if (!seated) {
    await db.transaction(async (tx) => {
      await lockWallet(tx, seatedParent.id);
      const [credited] = await tx
        .select({ id: ledgerEntries.id })
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.userId, seatedParent.id), eq(ledgerEntries.reason, CLASS_LIFE.seatCreditReason)))
        .limit(1);
      if (!credited)
        await writeEntry(tx, {
          userId: seatedParent.id,
          kind: "promotion",
          amountMinor: section.priceMinor,
          reason: CLASS_LIFE.seatCreditReason,
        });
    });
    const bought = await placeOrder(seatedParent.id, [{ sectionId: section.id, learnerId: child.id }], { now }).catch(() => null);
    if (!bought) return; // someone took the seat first: the class is full anyway, or not ours to fill
  }

  const family = CLASS_LIFE.waitingFamily;
  await db
    .insert(users)
    .values({ firebaseUid: family.firebaseUid, email: family.email, displayName: family.displayName, timezone: family.timezone })
    .onConflictDoNothing({ target: users.firebaseUid });
  const [parent] = await db.select({ id: users.id }).from(users).where(eq(users.firebaseUid, family.firebaseUid));
  if (!parent) return;
  let [mia] = await db.select({ id: learners.id }).from(learners).where(eq(learners.parentId, parent.id)).limit(1);
  if (!mia)
    [mia] = await db
      .insert(learners)
      .values({ parentId: parent.id, ...family.child })
      .returning({ id: learners.id });
  const [listed] = await db
    .select({ id: waitlistEntries.id })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.sectionId, section.id), eq(waitlistEntries.learnerId, mia!.id)))
    .limit(1);
  if (listed) return;
  await joinWaitlist(parent.id, { sectionId: section.id, learnerId: mia!.id }, now).catch((error: unknown) =>
    console.warn("[seed] the waitlist left out:", error instanceof Error ? error.message : error),
  );
}
