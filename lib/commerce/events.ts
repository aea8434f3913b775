import "server-only";

import { defineEvent } from "@/lib/platform/events/events";
import { z } from "@/lib/platform/zod";

/**
 * What commerce tells the rest of the product, written in the transaction that decides it
 * (lib/platform/events). Who reacts: lib/reactions/table.ts. A change that touched nothing (no seat
 * cancelled, no refund made) emits nothing.
 */

const bookingIds = z.array(z.string().min(1)).min(1);
const refundIds = z.array(z.number().int().positive());

/** Seats became paid enrolments (a wallet checkout, the card webhook, any later path). */
export const seatsConfirmed = defineEvent("seat.confirmed", z.object({ bookingIds }));

/**
 * Confirmed seats were cancelled (a parent's withdrawal, an admin's refund, a section's closing),
 * with the refunds made for them in the same transaction (none when nothing was refunded), so the
 * family's calendar cancellation can travel in the refund's message. `sectionClosed`: they went
 * because their section was closed, and its teacher hears once for the section (section.closed).
 */
export const seatsCancelled = defineEvent("seat.cancelled", z.object({ bookingIds, refundIds, sectionClosed: z.boolean() }));

/** A section was closed (or made a draft) with these confirmed seats withdrawn and refunded, by this person. */
export const sectionClosed = defineEvent(
  "section.closed",
  z.object({ sectionId: z.number().int().positive(), closedById: z.number().int().positive(), bookingIds }),
);

/**
 * A refund of one family's seats (one row per seat). `sectionClosed`: the class was cancelled
 * because its section closed (the family is told "class cancelled", not "withdrawn").
 */
export const refundMade = defineEvent("refund.made", z.object({ refundIds: refundIds.min(1), sectionClosed: z.boolean() }));

/** Seats held for an order's card payment (Stripe Checkout): they count as taken until it is paid or its hold ends. */
export const seatsHeld = defineEvent("seat.held", z.object({ orderId: z.string().min(1) }));

/** A pending card order was closed unpaid (expired, flagged, Stripe unreachable, its seat taken): its held seats went back. */
export const orderClosed = defineEvent("order.closed", z.object({ orderId: z.string().min(1) }));

/** A gift was paid for (from the wallet, or its card payment arrived): its code is issued. */
export const giftBought = defineEvent("gift.bought", z.object({ giftId: z.string().min(1) }));

/** A card payment came after its order's hold ran out and the seat was taken: the payment was given back. */
export const orderSeatTaken = defineEvent("order.seat-taken", z.object({ orderId: z.string().min(1) }));

/**
 * A pending card order's held seats were released because its hold ran out (a checkout or an add to
 * cart took them back under the section lock): its Stripe Checkout Session is expired at Stripe, so
 * the parent cannot pay for seats no longer held. The session id as stored then (null when none was
 * recorded: read again at delivery). A payment that still arrives meets the late-payment rule.
 */
export const orderHoldReleased = defineEvent(
  "order.hold-released",
  z.object({ orderId: z.string().min(1), checkoutSessionId: z.string().min(1).nullable() }),
);

/** A cancelled session without a make-up was credited: these seats got their share in Cash (session_credits rows). */
export const sessionCredited = defineEvent(
  "session.credited",
  z.object({ changeId: z.number().int().positive(), creditIds: z.array(z.number().int().positive()).min(1) }),
);

/** An admin's edit of a section's times removed sessions families had paid for: each seat credited their value (session_credits rows). */
export const removedSessionsCredited = defineEvent(
  "section.removed-sessions-credited",
  z.object({ sectionId: z.number().int().positive(), creditIds: z.array(z.number().int().positive()).min(1) }),
);

/**
 * An admin paid a teacher's monthly statement through Stripe (issue 28): the statement is stored as
 * "paying" in the same transaction, and the reaction sends the Stripe transfer (retried by the
 * outbox; its idempotency key is the statement and attempt, so a retry never transfers twice).
 */
export const payoutRequested = defineEvent(
  "earnings.payout-requested",
  z.object({ statementId: z.number().int().positive(), attempt: z.number().int().positive() }),
);

/**
 * A family moved a paid seat to another section of the same course (seat_transfers row): the family
 * gets the seat's invite moved in place (same UID, higher SEQUENCE), each teacher the roster change.
 */
export const seatTransferred = defineEvent("seat.transferred", z.object({ transferId: z.number().int().positive() }));
