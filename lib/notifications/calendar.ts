import "server-only";

import { createEvent } from "ics";
import { DateTime } from "luxon";

import { brand } from "@/lib/platform/brand";

/**
 * Every calendar file the product makes (the status page's download and each message's invite):
 * one place, so all of them carry the same UID for one booking. DTSTART and DTEND in UTC.
 */
export type InviteMethod = "REQUEST" | "CANCEL" | "PUBLISH";

export interface InviteInput {
  uid: string;
  /** Raised on every move and on the cancellation, so a calendar replaces the event it holds. */
  sequence: number;
  title: string;
  description: string;
  url: string;
  startsAt: string;
  endsAt: string;
  /** REQUEST in a message (add or update), CANCEL to remove, PUBLISH for a plain download. */
  method: InviteMethod;
  /** A cancelled booking's download (PUBLISH) says so too; CANCEL always does. */
  isCancelled?: boolean;
  organizer?: { name: string; email: string };
  attendee?: { name?: string; email: string };
}

/** A booking's UID: stable across reschedules (its id at our host). */
export function bookingUid(bookingId: string, host: string = new URL(brand.siteUrl).host): string {
  return `${bookingId}@${host}`;
}

export function calendarInvite(input: InviteInput): string {
  const start = DateTime.fromISO(input.startsAt, { zone: "utc" });
  const end = DateTime.fromISO(input.endsAt, { zone: "utc" });
  const result = createEvent({
    productId: `${brand.name}/classes`,
    uid: input.uid,
    sequence: input.sequence,
    title: input.title,
    description: input.description,
    url: input.url,
    start: start.toMillis(),
    startInputType: "utc",
    startOutputType: "utc",
    end: end.toMillis(),
    endInputType: "utc",
    endOutputType: "utc",
    status: input.method === "CANCEL" || input.isCancelled ? "CANCELLED" : "CONFIRMED",
    method: input.method,
    ...(input.organizer ? { organizer: input.organizer } : {}),
    ...(input.attendee
      ? { attendees: [{ ...input.attendee, rsvp: false, partstat: "ACCEPTED" as const, role: "REQ-PARTICIPANT" as const }] }
      : {}),
  });
  if (result.error || !result.value) throw result.error ?? new Error("ics produced nothing");
  return result.value;
}
