import "server-only";

import { eq, sql } from "drizzle-orm";

import { recordAudit } from "@/lib/audit/audit";
import { authorize, type Actor } from "@/lib/platform/auth/permissions";
import { getDb } from "@/lib/platform/db/client";
import { demoRequests } from "@/lib/platform/db/schema";
import { leadNoteSchema, leadStatusChangeSchema } from "@/lib/demo-requests/queue-schema";
import { CONTACT_STATUSES, leadStatusLabel } from "@/lib/demo-requests/status";
import { AppError } from "@/lib/platform/errors";
import { hasLiveDemo } from "@/lib/scheduling/bookings";

import { LEAD_BOOKING_MESSAGES } from "./lead-follows-booking";

/**
 * Moves a demo request to another status, recording who and when; the first move to a contact
 * status stamps first_contacted_at (the 24-hour promise's measure). Returns a message for the agent.
 */
export async function changeLeadStatus(actor: Actor | null, input: unknown): Promise<string> {
  authorize(actor, "leads.update");
  const { id, status } = leadStatusChangeSchema.parse(input);
  const db = await getDb();
  return db.transaction(async (tx) => {
    // Row lock: two agents saving at once are applied one after the other, each recorded.
    const [current] = await tx.select({ status: demoRequests.status }).from(demoRequests).where(eq(demoRequests.id, id)).for("update");
    if (!current) throw new AppError("not-found", "This demo request no longer exists.");
    if (current.status === status) return `Already ${leadStatusLabel(status).toLowerCase()}.`;
    // Issue 17: "demo scheduled" means a real time; booking one sets it (lead-follows-booking.ts).
    if (status === "demo_scheduled" && !(await hasLiveDemo(tx, id))) {
      throw new AppError("conflict", LEAD_BOOKING_MESSAGES.scheduledNeedsBooking);
    }
    const isContact = CONTACT_STATUSES.includes(status);
    await tx
      .update(demoRequests)
      .set({
        status,
        statusChangedAt: sql`now()`,
        statusChangedById: actor.id,
        updatedAt: sql`now()`,
        ...(isContact ? { firstContactedAt: sql`coalesce(${demoRequests.firstContactedAt}, now())` } : {}),
      })
      .where(eq(demoRequests.id, id));
    await recordAudit(tx, actor, {
      action: "lead.status",
      targetType: "demo_request",
      targetId: id,
      details: { from: current.status, to: status },
    });
    return `Status changed to ${leadStatusLabel(status)}.`;
  });
}

/** Saves the request's working note (an empty note clears it); every version is kept in the audit trail. */
export async function saveLeadNote(actor: Actor | null, input: unknown): Promise<string> {
  authorize(actor, "leads.update");
  const { id, note } = leadNoteSchema.parse(input);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(demoRequests)
      .set({ note: note || null, updatedAt: sql`now()` })
      .where(eq(demoRequests.id, id))
      .returning({ id: demoRequests.id });
    if (!updated) throw new AppError("not-found", "This demo request no longer exists.");
    await recordAudit(tx, actor, { action: "lead.note", targetType: "demo_request", targetId: id, details: { note } });
    return note ? "Note saved." : "Note cleared.";
  });
}
