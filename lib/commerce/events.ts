import "server-only";

import { defineEvent } from "@/lib/platform/events/events";
import { z } from "@/lib/platform/zod";

/**
 * What commerce tells the rest of the product, written in the transaction that decides it
 * (lib/platform/events). Who reacts: lib/reactions/table.ts.
 */

/** Seats became paid enrolments (a wallet checkout, the card webhook, any later path). */
export const seatsConfirmed = defineEvent("seat.confirmed", z.object({ bookingIds: z.array(z.string().min(1)).min(1) }));
