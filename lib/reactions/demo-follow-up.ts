import "server-only";

import { and, eq, gt, inArray, lte, sql } from "drizzle-orm";

import { enqueueEmail } from "@/lib/notifications/email";
import { demoFollowUpEmail } from "@/lib/notifications/messages/demo-follow-up";
import { isUnsubscribed, listUnsubscribeHeaders, unsubscribePageUrl, unsubscribeTokenFor } from "@/lib/notifications/preferences";
import { brand } from "@/lib/platform/brand";
import type { Database } from "@/lib/platform/db/client";
import { bookings, courses, demoOutcomes, learners, outbox } from "@/lib/platform/db/schema";

import { loadParent } from "./booking-mail";

/**
 * The post-demo follow-up for a demo whose teacher recorded no outcome: the teacher's outcome sends
 * the family its own email with the note (demo.outcome-recorded, ./demo-outcome-mail.ts), so this
 * one waits a day after the demo's end for it, then goes (until 48 hours after the end) once per
 * demo still "confirmed" with no outcome, with a link to the course. Once an outcome exists it is
 * never sent. Non-essential: it carries List-Unsubscribe, and an address that unsubscribed is skipped.
 */
export const FOLLOW_UP_DELAY_MS = 24 * 60 * 60_000;
const FOLLOW_UP_WINDOW_MS = 48 * 60 * 60_000;

export const followUpKey = (bookingId: string) => `demo_follow_up:${bookingId}`;

export async function queueDemoFollowUps(db: Database, now: Date = new Date()): Promise<number> {
  const candidates = await db
    .select({ booking: bookings, courseTitle: courses.title, courseSlug: courses.slug })
    .from(bookings)
    .leftJoin(courses, eq(courses.id, bookings.courseId))
    .where(
      and(
        eq(bookings.kind, "demo"),
        eq(bookings.status, "confirmed"),
        // Not once the teacher recorded an outcome: its own email went instead.
        sql`not exists (select 1 from ${demoOutcomes} o where o.booking_id = ${bookings.id})`,
        lte(bookings.endsAt, new Date(now.getTime() - FOLLOW_UP_DELAY_MS)),
        gt(bookings.endsAt, new Date(now.getTime() - FOLLOW_UP_WINDOW_MS)),
        // Not for a child who already has a seat in the course.
        sql`not exists (select 1 from ${bookings} seat join ${learners} l on l.id = seat.learner_id
          where seat.kind = 'seat' and seat.status in ('held', 'confirmed') and seat.course_id = ${bookings.courseId}
          and l.parent_id = (select parent_id from ${learners} where id = ${bookings.learnerId}))`,
      ),
    );
  if (candidates.length === 0) return 0;
  const keys = candidates.map((c) => `email:${followUpKey(c.booking.id)}`);
  const queued = new Set(
    (await db.select({ key: outbox.dedupeKey }).from(outbox).where(inArray(outbox.dedupeKey, keys))).map((row) => row.key),
  );
  let count = 0;
  for (const { booking, courseTitle, courseSlug } of candidates) {
    if (queued.has(`email:${followUpKey(booking.id)}`)) continue;
    const parent = await loadParent(db, booking);
    if (await isUnsubscribed(db, parent.email)) continue;
    const token = await unsubscribeTokenFor(db, parent.email);
    const content = demoFollowUpEmail({
      readerName: parent.name,
      courseTitle: courseTitle ?? "our courses",
      courseUrl: courseSlug ? `${brand.siteUrl}/courses/${courseSlug}` : `${brand.siteUrl}/courses`,
      unsubscribeUrl: unsubscribePageUrl(token),
    });
    await enqueueEmail(db, followUpKey(booking.id), { ...content, headers: listUnsubscribeHeaders(token), to: parent.email });
    count += 1;
  }
  return count;
}
