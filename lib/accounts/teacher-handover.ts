import "server-only";

import { randomUUID } from "node:crypto";

import { and, eq, gt, gte, inArray, isNull, notExists, or } from "drizzle-orm";

import { FORMER_TEACHER_UID_PREFIX } from "@/lib/messages/kept-conversations";
import type { Transaction } from "@/lib/platform/db/client";
import {
  bookings,
  earningsStatements,
  messagePairBlocks,
  messageThreads,
  orderItems,
  seatSessions,
  sections,
  users,
} from "@/lib/platform/db/schema";
import { AppError } from "@/lib/platform/errors";

export const TEACHER_DELETION_MESSAGES = {
  stillTeaching:
    "You still teach classes or demos that families are booked into. Ask an admin to hand your sections and demos to another teacher (or to close them), then delete your account.",
} as const;

/** What families and the school still see of a teacher whose account is deleted. */
export const FORMER_TEACHER_NAME = "Former teacher";

/**
 * A teacher's part of an account deletion. While a section is open or full and not yet ended, or a
 * demo is still to come, families count on the teacher: the deletion is refused with what to do.
 * Otherwise drafts nobody bought are deleted, and the past (sections, their seats, demos held)
 * stays for the families' history and the school's figures, moved to an anonymous "Former teacher"
 * account of its own that nobody can sign in to (no Firebase user), so the person is erased.
 */
export async function handOverTeaching(tx: Transaction, teacherId: number, now: Date): Promise<void> {
  const today = now.toISOString().slice(0, 10);
  const [liveSection] = await tx
    .select({ id: sections.id })
    .from(sections)
    .where(
      and(
        eq(sections.teacherId, teacherId),
        inArray(sections.status, ["open", "full"]),
        or(isNull(sections.endsOn), gte(sections.endsOn, today)),
      ),
    )
    .limit(1);
  const [comingDemo] = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.teacherId, teacherId),
        eq(bookings.kind, "demo"),
        inArray(bookings.status, ["held", "confirmed"]),
        gt(bookings.startsAt, now),
      ),
    )
    .limit(1);
  if (liveSection || comingDemo) throw new AppError("conflict", TEACHER_DELETION_MESSAGES.stillTeaching);

  await tx
    .delete(sections)
    .where(
      and(
        eq(sections.teacherId, teacherId),
        eq(sections.status, "draft"),
        notExists(tx.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.sectionId, sections.id))),
        notExists(tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.sectionId, sections.id))),
      ),
    );
  const [taught] = await tx.select({ id: sections.id }).from(sections).where(eq(sections.teacherId, teacherId)).limit(1);
  const [demo] = await tx.select({ id: bookings.id }).from(bookings).where(eq(bookings.teacherId, teacherId)).limit(1);
  const [paid] = await tx
    .select({ id: earningsStatements.id })
    .from(earningsStatements)
    .where(eq(earningsStatements.teacherId, teacherId))
    .limit(1);
  // Sessions they taught in sections since handed to another teacher (issue 39: earnings follow who taught).
  const [held] = await tx.select({ id: seatSessions.id }).from(seatSessions).where(eq(seatSessions.teacherId, teacherId)).limit(1);
  if (!taught && !demo && !paid && !held) return;
  const [former] = await tx
    .insert(users)
    .values({
      firebaseUid: `${FORMER_TEACHER_UID_PREFIX}${randomUUID()}`,
      email: "former-teacher@anonymised.invalid",
      displayName: FORMER_TEACHER_NAME,
      role: "student",
    })
    .returning({ id: users.id });
  await tx.update(sections).set({ teacherId: former!.id }).where(eq(sections.teacherId, teacherId));
  await tx.update(bookings).set({ teacherId: former!.id }).where(eq(bookings.teacherId, teacherId));
  await tx.update(seatSessions).set({ teacherId: former!.id }).where(eq(seatSessions.teacherId, teacherId));
  // The school's record of what it paid stays (issue 28), under the same anonymous account.
  await tx.update(earningsStatements).set({ teacherId: former!.id }).where(eq(earningsStatements.teacherId, teacherId));
  // Issue 40: the conversations stay too (a teacher cannot erase flagged messages by deleting their
  // account): the families keep their side, the teacher's is the anonymous account's, for
  // RETENTION.keptConversationMonths from now (the account's creation), then the retention job
  // deletes them as it does a deleted family's kept conversations (purgeKeptConversations).
  await tx.update(messageThreads).set({ teacherId: former!.id }).where(eq(messageThreads.teacherId, teacherId));
  // Support's blocks of their pairs go with the conversations (not with the deleted account).
  await tx.update(messagePairBlocks).set({ teacherId: former!.id }).where(eq(messagePairBlocks.teacherId, teacherId));
}
