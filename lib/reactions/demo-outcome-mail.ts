import "server-only";

import { enqueueEmail } from "@/lib/notifications/email";
import { demoAttendedEmail, demoNoShowEmail } from "@/lib/notifications/messages/demo-outcome";
import { isUnsubscribed, listUnsubscribeHeaders, unsubscribePageUrl, unsubscribeTokenFor } from "@/lib/notifications/preferences";
import { brand } from "@/lib/platform/brand";
import type { Handler } from "@/lib/platform/events/reactions";
import { LEVEL_LABELS } from "@/lib/scheduling/demo-outcome-schema";
import { enrolLabel, findDemoOutcome } from "@/lib/scheduling/demo-outcomes";
import { enrolUrl } from "@/lib/scheduling/demo-enrol-link";

import { loadBooking, loadParent } from "./booking-mail";

/** One outcome email per demo, whatever the number of recordings: a correction shows on the demo's page. */
export const outcomeMailKey = (bookingId: string) => `demo_outcome:${bookingId}`;

/**
 * demo.outcome-recorded: the parent's follow-up with the teacher's note, rendered from the outcome
 * as it is when the event is delivered. Attended: the note, the level and the one-click enrol in
 * the recommended section; no-show: an offer to book another time on the demo's page. Non-essential,
 * as the follow-up scan's message (which no longer goes once an outcome exists): List-Unsubscribe,
 * and nothing to an address that unsubscribed.
 */
export const demoOutcomeMail: Handler<{ bookingId: string }> = {
  name: "demo-outcome-mail",
  async handle(db, { bookingId }) {
    const booking = await loadBooking(db, bookingId);
    if (!booking) return;
    const parent = await loadParent(db, booking);
    // In the family's zone as the demo's page shows it (findDemoOutcome decides it for both).
    const outcome = await findDemoOutcome(db, bookingId, null);
    if (!outcome) return;
    if (await isUnsubscribed(db, parent.email)) return;
    const token = await unsubscribeTokenFor(db, parent.email);
    const label = enrolLabel(outcome);
    const url = outcome.recommended ? enrolUrl(bookingId) : null;
    const facts = {
      readerName: parent.name,
      courseTitle: outcome.courseTitle ?? "our courses",
      teacherName: outcome.teacherName ?? "Your teacher",
      child: outcome.child,
      note: outcome.note,
      level: outcome.level ? LEVEL_LABELS[outcome.level] : null,
      enrol: label && url ? { label, url } : null,
      courseUrl: outcome.courseSlug ? `${brand.siteUrl}/courses/${outcome.courseSlug}` : `${brand.siteUrl}/courses`,
      statusUrl: `${brand.siteUrl}/demo/${booking.token}`,
      unsubscribeUrl: unsubscribePageUrl(token),
    };
    const content = outcome.status === "attended" ? demoAttendedEmail(facts) : demoNoShowEmail(facts);
    await enqueueEmail(db, outcomeMailKey(bookingId), { ...content, headers: listUnsubscribeHeaders(token), to: parent.email });
  },
};
