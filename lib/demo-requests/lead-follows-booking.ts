import "server-only";

import { and, eq, sql } from "drizzle-orm";

import { recordAudit, type AuditActor } from "@/lib/audit/audit";
import { can } from "@/lib/platform/auth/permissions";
import type { Database, Transaction } from "@/lib/platform/db/client";
import { auditEvents, bookingHistory, bookings, demoRequests, users } from "@/lib/platform/db/schema";
import { hasLiveDemo, type BookingChangeKind } from "@/lib/scheduling/bookings";
import type { BookingChangeEvent } from "@/lib/scheduling/events";
import { SCHEDULING_MESSAGES } from "@/lib/scheduling/schema";

import type { LeadStatus } from "./status";

/** The history's name for a family acting without an account (the picker, the status page). */
export const FAMILY_ACTOR: AuditActor = { id: null, email: "The family" };

export const LEAD_BOOKING_MESSAGES = {
  /** One live demo per request: refused by the booking itself (lib/scheduling/bookings.ts). */
  alreadyBooked: SCHEDULING_MESSAGES.requestAlreadyBooked,
  scheduledNeedsBooking: "Book a time for the demo first: “Demo scheduled” means a real time is booked.",
} as const;

type Reader = Pick<Transaction, "select">;

/**
 * "Demo scheduled means a real time": booking a demo moves the lead to demo_scheduled (a converted
 * family stays converted); cancelling its live demo moves it back to contacted, or to new when
 * nobody on the team ever contacted the family (a family that booked itself and then cancelled is
 * called back within the 24-hour promise like any new request). A move changes no status.
 * `hasLive` is whether the request has a live demo now, when the change is followed: a booking
 * already cancelled again by then schedules nothing, whatever order the two are followed in.
 */
export function nextLeadStatus(
  change: BookingChangeKind,
  lead: { status: LeadStatus; firstContactedAt: Date | null },
  hasLive: boolean,
): LeadStatus {
  if (change === "booked") return lead.status === "converted" || !hasLive ? lead.status : "demo_scheduled";
  if (change === "cancelled" && lead.status === "demo_scheduled" && !hasLive) return lead.firstContactedAt ? "contacted" : "new";
  return lead.status;
}

/** Which change a booking_history row records: its creation, a cancellation, or a move. */
function kindOf(row: { fromStatus: string | null; toStatus: string }): BookingChangeKind {
  if (row.fromStatus === null) return "booked";
  return row.toStatus === "cancelled" ? "cancelled" : "moved";
}

/**
 * Who made the change, as the request's history names them: the family acting without an account,
 * or the account (its email), and whether they are on the team (whose booking is a contact that
 * keeps the 24-hour promise; a family booking its own time was not contacted by anyone).
 */
async function changerOf(db: Reader, byId: number | null): Promise<{ actor: AuditActor; contactsFamily: boolean }> {
  if (byId === null) return { actor: FAMILY_ACTOR, contactsFamily: false };
  const [user] = await db.select({ email: users.email, role: users.role }).from(users).where(eq(users.id, byId));
  if (!user) return { actor: FAMILY_ACTOR, contactsFamily: false };
  return { actor: { id: byId, email: user.email }, contactsFamily: can(user.role, "leads.update") };
}

/** Whether this booking change is already on the request's history (the key of what the reaction did). */
async function alreadyFollowed(db: Reader, requestId: string, kind: BookingChangeKind, historyId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.targetType, "demo_request"),
        eq(auditEvents.targetId, requestId),
        eq(auditEvents.action, `lead.demo_${kind}`),
        sql`${auditEvents.details}->>'historyId' = ${String(historyId)}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * A demo request follows its demo bookings (the reaction to booking.booked, booking.moved and
 * booking.cancelled; lib/reactions/table.ts): the change goes on the request's history, named after
 * whoever made it, and the lead's status follows by nextLeadStatus, with its own history entry. A
 * booking by the team is the family's first contact. Read from the change's booking_history row.
 * Once per change: the request's row is locked, and a change already on its history (by its
 * historyId) is left alone, so a second delivery, or the same run before the answer and by the
 * outbox, records nothing twice. One live demo per request is not kept here but by the booking
 * itself, in its transaction (lib/scheduling/bookings.ts).
 */
export async function followBookingChange(db: Database, { bookingId, historyId }: BookingChangeEvent): Promise<void> {
  await db.transaction(async (tx) => {
    const [change] = await tx
      .select({
        fromStatus: bookingHistory.fromStatus,
        toStatus: bookingHistory.toStatus,
        fromStartsAt: bookingHistory.fromStartsAt,
        toStartsAt: bookingHistory.toStartsAt,
        byId: bookingHistory.byId,
        kind: bookings.kind,
        requestId: bookings.demoRequestId,
        startsAt: bookings.startsAt,
      })
      .from(bookingHistory)
      .innerJoin(bookings, eq(bookings.id, bookingHistory.bookingId))
      .where(and(eq(bookingHistory.id, historyId), eq(bookingHistory.bookingId, bookingId)));
    if (!change || change.kind !== "demo" || change.requestId === null) return;
    const requestId = change.requestId;
    // Row lock: the changes of one request, and manual status changes, apply one after the other.
    const [lead] = await tx
      .select({ status: demoRequests.status, firstContactedAt: demoRequests.firstContactedAt })
      .from(demoRequests)
      .where(eq(demoRequests.id, requestId))
      .for("update");
    if (!lead) return;
    const kind = kindOf(change);
    if (await alreadyFollowed(tx, requestId, kind, historyId)) return;
    const { actor, contactsFamily } = await changerOf(tx, change.byId);

    await recordAudit(tx, actor, {
      action: `lead.demo_${kind}`,
      targetType: "demo_request",
      targetId: requestId,
      details: {
        bookingId,
        historyId,
        startsAt: (change.toStartsAt ?? change.startsAt).toISOString(),
        ...(kind === "moved" && change.fromStartsAt ? { from: change.fromStartsAt.toISOString() } : {}),
      },
    });
    const status = nextLeadStatus(kind, lead, await hasLiveDemo(tx, requestId));
    if (status === lead.status) return;
    const isContact = contactsFamily && status === "demo_scheduled";
    await tx
      .update(demoRequests)
      .set({
        status,
        statusChangedAt: sql`now()`,
        statusChangedById: actor.id,
        updatedAt: sql`now()`,
        ...(isContact ? { firstContactedAt: sql`coalesce(${demoRequests.firstContactedAt}, now())` } : {}),
      })
      .where(eq(demoRequests.id, requestId));
    await recordAudit(tx, actor, {
      action: "lead.status",
      targetType: "demo_request",
      targetId: requestId,
      details: { from: lead.status, to: status, because: `demo_${kind}` },
    });
  });
}
