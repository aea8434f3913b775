import "server-only";

import { and, asc, eq } from "drizzle-orm";

import { placeOrder } from "@/lib/commerce/checkout/checkout";
import { lockWallet, writeEntry } from "@/lib/commerce/wallet/ledger";
import type { Database } from "@/lib/platform/db/client";
import { attendance, ledgerEntries, sections } from "@/lib/platform/db/schema/index";
import { sectionSessions, weeklyRule } from "@/lib/scheduling/sessions";

/**
 * A class the seeds place in the past (the ended class a child finished, the months a teacher
 * taught): its section from a plan, its seats bought through checkout the day before it began
 * with a credit of exactly their price, and, when asked, the attendance of every session held.
 * Found again by its plan, so a seed run twice places it once and it stays where it was first put.
 */
export interface PastSectionPlan {
  classType: "group" | "one_on_one";
  capacity: number;
  priceMinor: number;
  /** ISO weekdays (1 Monday … 7 Sunday). */
  weekdays: readonly number[];
  startMinute: number;
  durationMinutes: number;
  timezone: string;
}

type SectionRow = typeof sections.$inferSelect;

/** The teacher's section of this plan placed by an earlier seeding (of this course too, when given), if any. */
export async function findPlannedSection(
  db: Database,
  teacherId: number,
  plan: PastSectionPlan,
  courseId?: number,
): Promise<SectionRow | undefined> {
  const [existing] = await db
    .select()
    .from(sections)
    .where(
      and(
        eq(sections.teacherId, teacherId),
        courseId === undefined ? undefined : eq(sections.courseId, courseId),
        eq(sections.rrule, weeklyRule([...plan.weekdays])),
        eq(sections.startMinute, plan.startMinute),
        eq(sections.timezone, plan.timezone),
        eq(sections.priceMinor, plan.priceMinor),
      ),
    )
    .orderBy(asc(sections.id))
    .limit(1);
  return existing;
}

/** A section of the plan from `startsOn` to `endsOn` (ISO dates), open so its seats can be bought; close it once they are. */
export async function insertPastSection(
  db: Database,
  at: { teacherId: number; courseId: number; startsOn: string; endsOn: string },
  plan: PastSectionPlan,
): Promise<SectionRow> {
  const [section] = await db
    .insert(sections)
    .values({
      courseId: at.courseId,
      teacherId: at.teacherId,
      classType: plan.classType,
      capacity: plan.capacity,
      priceMinor: plan.priceMinor,
      currency: "USD",
      startsOn: at.startsOn,
      endsOn: at.endsOn,
      startMinute: plan.startMinute,
      timezone: plan.timezone,
      rrule: weeklyRule([...plan.weekdays]),
      durationMinutes: plan.durationMinutes,
      status: "open",
    })
    .returning();
  if (!section) throw new Error("insert returned no section");
  return section;
}

/**
 * The family's seats in the section, bought at `boughtAt` through checkout, each inner list of
 * children one order, paid by a promotion credit of exactly their price (written once, by its reason).
 */
export async function buySeatsWithCredit(
  db: Database,
  seats: { parentId: number; sectionId: number; priceMinor: number; orders: number[][]; creditReason: string; boughtAt: Date },
): Promise<void> {
  const orders = seats.orders.filter((learnerIds) => learnerIds.length > 0);
  const amountMinor = orders.flat().length * seats.priceMinor;
  await db.transaction(async (tx) => {
    await lockWallet(tx, seats.parentId);
    const [credited] = await tx
      .select({ id: ledgerEntries.id })
      .from(ledgerEntries)
      .where(
        and(eq(ledgerEntries.userId, seats.parentId), eq(ledgerEntries.kind, "promotion"), eq(ledgerEntries.reason, seats.creditReason)),
      );
    if (!credited) await writeEntry(tx, { userId: seats.parentId, kind: "promotion", amountMinor, reason: seats.creditReason });
  });
  for (const learnerIds of orders) {
    await placeOrder(
      seats.parentId,
      learnerIds.map((learnerId) => ({ sectionId: seats.sectionId, learnerId })),
      { now: seats.boughtAt },
    );
  }
}

/** Every session of the section held before `now`, with the child present, marked by its teacher at its end (once). */
export async function markPresentAtEverySession(db: Database, section: SectionRow, learnerId: number, now: Date): Promise<void> {
  const held = sectionSessions(section, new Date(`${section.startsOn}T00:00:00Z`), new Date(`${section.endsOn}T23:59:59Z`)).filter(
    (s) => Date.parse(s.endsAt) <= now.getTime(),
  );
  if (held.length === 0) return;
  await db
    .insert(attendance)
    .values(
      held.map((s) => ({
        sectionId: section.id,
        sessionStartsAt: new Date(s.startsAt),
        learnerId,
        status: "present" as const,
        note: "",
        markedById: section.teacherId,
        markedAt: new Date(s.endsAt),
      })),
    )
    .onConflictDoNothing();
}
