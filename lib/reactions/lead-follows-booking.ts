import "server-only";

import { followBookingChange } from "@/lib/demo-requests/lead-follows-booking";
import { getDb } from "@/lib/platform/db/client";
import type { Handler } from "@/lib/platform/events/reactions";
import type { BookingChangeEvent } from "@/lib/scheduling/events";

/**
 * booking.booked, booking.moved, booking.cancelled: the demo request the booking serves follows it
 * (its history, and "demo scheduled" while a time is booked: followBookingChange). No mail. Support
 * and the family find it done on their next page: it runs before their action's answer too
 * (beforeTheAnswer), and the outbox runs it for every change; once per change either way. One
 * handler on the three lines: the change's booking_history row says which it was.
 */
export const leadFollowsBooking: Handler<BookingChangeEvent> = {
  name: "lead-follows-booking",
  handle: followBookingChange,
  async beforeTheAnswer(changes) {
    const db = await getDb();
    for (const change of changes) await followBookingChange(db, change);
  },
};
