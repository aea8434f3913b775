import "server-only";

import { defineEvent } from "@/lib/platform/events/events";
import { z } from "@/lib/platform/zod";

/**
 * What scheduling tells the rest of the product, written in the transaction that makes the change
 * (lib/platform/events). Who reacts: lib/reactions/table.ts.
 */

/**
 * A booking change: the booking and its booking_history row, which keeps the change's before and
 * after (times, status), so a reaction renders this change, not whatever the booking became since.
 */
const bookingChange = z.object({ bookingId: z.string().min(1), historyId: z.number().int().positive() });
export type BookingChangeEvent = z.infer<typeof bookingChange>;

/** A demo booked (by the family, signed in or not, or by support). */
export const bookingBooked = defineEvent("booking.booked", bookingChange);
/** A live booking moved to another time. */
export const bookingMoved = defineEvent("booking.moved", bookingChange);
/** A live booking cancelled. */
export const bookingCancelled = defineEvent("booking.cancelled", bookingChange);

/** A section created or changed in any way (times, price, seats, status, teacher): the pages that show it change. */
export const sectionSaved = defineEvent("section.saved", z.object({ sectionId: z.number().int().positive() }));

/** A section's times changed (days, time of day, zone, dates or length): its schedule version after the change. */
export const sectionRescheduled = defineEvent(
  "section.rescheduled",
  z.object({ sectionId: z.number().int().positive(), scheduleVersion: z.number().int().positive() }),
);

/**
 * Issue 40: an admin gave a section to another teacher. Its threads moved with it in the same
 * transaction (lib/scheduling/sections.ts); the families are told who teaches now.
 */
export const sectionTeacherChanged = defineEvent(
  "section.teacher-changed",
  z.object({
    sectionId: z.number().int().positive(),
    fromTeacherId: z.number().int().positive(),
    toTeacherId: z.number().int().positive(),
  }),
);

/**
 * A teacher recorded (or corrected) a demo's outcome: attended or no-show, the note for the
 * parent, the level, the section recommended. The follow-up email reacts (once per demo).
 */
export const demoOutcomeRecorded = defineEvent("demo.outcome-recorded", z.object({ bookingId: z.string().min(1) }));

/**
 * One session of a section changed (session_changes, issue 27): the change's row and the sequence it
 * was written with, so a reaction renders this change and leaves a later one to its own event.
 */
const sessionChange = z.object({ changeId: z.number().int().positive(), sequence: z.number().int().positive() });
export type SessionChangeEvent = z.infer<typeof sessionChange>;

/** One session moved to another time. */
export const sessionMoved = defineEvent("session.moved", sessionChange);
/** One session cancelled (a make-up may follow; else its share of the price is credited after the deadline). */
export const sessionCancelled = defineEvent("session.cancelled", sessionChange);
/** A cancelled session's make-up set (or changed). */
export const sessionMakeupSet = defineEvent("session.makeup-set", sessionChange);

const waitlistEntries = z.object({ entryIds: z.array(z.number().int().positive()).min(1) });
export type WaitlistEntriesEvent = z.infer<typeof waitlistEntries>;

/** Freed seats offered to the families first in line (each entry now `offered`, with its deadline). */
export const waitlistOffered = defineEvent("waitlist.offered", waitlistEntries);
/** Offers whose deadline passed unused (each entry now `lapsed`; the next in line was offered in the same transaction). */
export const waitlistOfferLapsed = defineEvent("waitlist.offer-lapsed", waitlistEntries);

const waitlistLine = z.object({ entryId: z.number().int().positive(), courseSlug: z.string().min(1) });
export type WaitlistLineEvent = z.infer<typeof waitlistLine>;
/** A family put a child in line for a full section (the course page counts who is in line). */
export const waitlistJoined = defineEvent("waitlist.joined", waitlistLine);
/** A family took a child out of line (an offer given up was passed on in the same transaction: waitlist.offered). */
export const waitlistLeft = defineEvent("waitlist.left", waitlistLine);
