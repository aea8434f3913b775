import type { Transaction } from "@/lib/platform/db/client";
import "server-only";

import { and, eq, inArray, ne, sql } from "drizzle-orm";

import { recordAudit, type AuditActor } from "@/lib/audit/audit";
import { bookings, demoRequests } from "@/lib/platform/db/schema";
import { AppError } from "@/lib/platform/errors";
import type { BookingChange, SchedulingContext } from "@/lib/scheduling/bookings";
import { LIVE_BOOKING_STATUSES } from "@/lib/scheduling/slots";

import type { LeadStatus } from "./status";

/** The history's name for a family acting without an account (the picker, the status page). */
export const FAMILY_ACTOR: AuditActor = { id: null, email: "The family" };

export const LEAD_BOOKING_MESSAGES = {
  alreadyBooked: "This request already has a demo booked. Move or cancel that one instead.",
  scheduledNeedsBooking: "Book a time for the demo first: “Demo scheduled” means a real time is booked.",
} as const;

type Reader = Pick<Transaction, "select">;

/** Whether the request has a live demo (held or confirmed), other than `exceptBookingId`. */
export async function hasLiveDemo(db: Reader, demoRequestId: string, exceptBookingId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        eq(bookings.demoRequestId, demoRequestId),
        eq(bookings.kind, "demo"),
        inArray(bookings.status, [...LIVE_BOOKING_STATUSES]),
        exceptBookingId ? ne(bookings.id, exceptBookingId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Issue 17, "demo scheduled means a real time": booking a demo moves the lead to demo_scheduled
 * (a converted family stays converted); cancelling its live demo moves it back to contacted, or
 * to new when nobody on the team ever contacted the family (a family that booked itself and then
 * cancelled is called back within the 24-hour promise like any new request). A move changes no status.
 */
export function nextLeadStatus(
  change: BookingChange["kind"],
  lead: { status: LeadStatus; firstContactedAt: Date | null },
  stillLive: boolean,
): LeadStatus {
  if (change === "booked") return lead.status === "converted" ? lead.status : "demo_scheduled";
  if (change === "cancelled" && lead.status === "demo_scheduled" && !stillLive) return lead.firstContactedAt ? "contacted" : "new";
  return lead.status;
}

/**
 * The scheduling hook that keeps a demo request in step with its demo booking, in the booking's
 * transaction: the booking, the lead's status and their history entries are written together.
 * `contactsFamily`: staff booked it (a contact, which keeps the 24-hour promise); a family booking
 * its own time was not contacted by anyone.
 */
export function leadFollowsBooking(by: AuditActor, options: { contactsFamily: boolean }): NonNullable<SchedulingContext["onChange"]> {
  return async (tx, change) => {
    const requestId = change.after.demoRequestId;
    if (change.after.kind !== "demo" || requestId === null) return;
    // Row lock: bookings of one request and manual status changes apply one after the other.
    const [lead] = await tx
      .select({ status: demoRequests.status, firstContactedAt: demoRequests.firstContactedAt })
      .from(demoRequests)
      .where(eq(demoRequests.id, requestId))
      .for("update");
    if (!lead) return;
    const stillLive = await hasLiveDemo(tx, requestId, change.after.id);
    // One live demo per request: a second would leave the family two times and support guessing.
    if (change.kind === "booked" && stillLive) throw new AppError("conflict", LEAD_BOOKING_MESSAGES.alreadyBooked);

    await recordAudit(tx, by, {
      action: `lead.demo_${change.kind}`,
      targetType: "demo_request",
      targetId: requestId,
      details: {
        bookingId: change.after.id,
        startsAt: change.after.startsAt,
        ...(change.kind === "moved" && change.before ? { from: change.before.startsAt } : {}),
      },
    });
    const status = nextLeadStatus(change.kind, lead, stillLive);
    if (status === lead.status) return;
    const isContact = options.contactsFamily && status === "demo_scheduled";
    await tx
      .update(demoRequests)
      .set({
        status,
        statusChangedAt: sql`now()`,
        statusChangedById: by.id,
        updatedAt: sql`now()`,
        ...(isContact ? { firstContactedAt: sql`coalesce(${demoRequests.firstContactedAt}, now())` } : {}),
      })
      .where(eq(demoRequests.id, requestId));
    await recordAudit(tx, by, {
      action: "lead.status",
      targetType: "demo_request",
      targetId: requestId,
      details: { from: lead.status, to: status, because: `demo_${change.kind}` },
    });
  };
}
