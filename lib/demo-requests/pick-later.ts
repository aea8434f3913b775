import "server-only";

import { and, desc, eq, inArray } from "drizzle-orm";

import { verifyLeadToken } from "@/lib/demo-requests/lead-token";
import { getDb } from "@/lib/platform/db/client";
import { bookings, courses, demoRequests } from "@/lib/platform/db/schema";
import { LIVE_BOOKING_STATUSES } from "@/lib/scheduling/slots";

/** What the acknowledgement email's "Pick a time" page needs about the lead its link names. */
export type LeadToPick =
  | { kind: "refused" }
  | { kind: "gone" }
  | { kind: "open"; courseTitle: string | null }
  | { kind: "booked"; courseTitle: string | null; startsAt: Date; bookingToken: string };

/**
 * The lead of a "Pick a time" link (the signed lead token, valid for days in the email): refused
 * when the token is wrong or expired, gone when the request was deleted since, booked when a demo
 * is already held for it (the page links to that booking instead of booking a second), else open.
 */
export async function findLeadToPick(token: string, now = new Date()): Promise<LeadToPick> {
  let leadId: string;
  try {
    leadId = verifyLeadToken(token, now);
  } catch {
    return { kind: "refused" };
  }
  const db = await getDb();
  const [lead] = await db
    .select({ courseTitle: courses.title })
    .from(demoRequests)
    .leftJoin(courses, eq(courses.id, demoRequests.courseId))
    .where(eq(demoRequests.id, leadId));
  if (!lead) return { kind: "gone" };
  const [booking] = await db
    .select({ startsAt: bookings.startsAt, token: bookings.token })
    .from(bookings)
    .where(and(eq(bookings.demoRequestId, leadId), eq(bookings.kind, "demo"), inArray(bookings.status, [...LIVE_BOOKING_STATUSES])))
    .orderBy(desc(bookings.startsAt))
    .limit(1);
  return booking
    ? { kind: "booked", courseTitle: lead.courseTitle, startsAt: booking.startsAt, bookingToken: booking.token }
    : { kind: "open", courseTitle: lead.courseTitle };
}
