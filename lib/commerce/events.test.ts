import "@/test/stripe-env";

import { and, asc, eq, gt, like, max } from "drizzle-orm";
import type Stripe from "stripe";

import { bookings, gifts, orderItems, orders, outbox, refunds, sections } from "@/lib/platform/db/schema";
import { emit } from "@/lib/platform/events/events";
import { storedSectionInput } from "@/test/scheduling-fixtures";
import type { SectionInput } from "@/lib/scheduling/schema";
import { addChild, newFamily, newSection } from "@/test/commerce-fixtures";
import { insertActor } from "@/test/fixtures";
import { confirmHeldSeat, heldSeatInOrder } from "@/test/seat-fixtures";
import { stripeWebhookHarness } from "@/test/stripe-webhook";

import { placeOrder } from "./checkout/checkout";
import { buyGift, lockPendingGift } from "./gifts/gifts";
import { lockPendingOrder } from "./payments/order-payment";
import { refundOrderAsAdmin, withdrawSeat } from "./refunds/refunds";
import { updateSectionWithRefundsAs } from "./refunds/section-close";

/**
 * Issue 25: each of commerce's events is written into the outbox by the change that causes it, in
 * its transaction (topic `event:<name>`, its payload): it exists if and only if the change commits.
 */

// emit() as it is; a test can make the causing transaction fail right after an event was written.
jest.mock("@/lib/platform/events/events", () => {
  const actual = jest.requireActual<typeof import("@/lib/platform/events/events")>("@/lib/platform/events/events");
  return { ...actual, emit: jest.fn(actual.emit) };
});
const { emit: actualEmit } = jest.requireActual<typeof import("@/lib/platform/events/events")>("@/lib/platform/events/events");

const { db } = stripeWebhookHarness();
const ZONE = "America/Los_Angeles";
const HOUR = 3_600_000;
const PRICE = 12_000;

class RolledBack extends Error {}

/** The last outbox row's id: the events written after it are the action's. */
async function mark(): Promise<number> {
  const [last] = await db()
    .select({ id: max(outbox.id) })
    .from(outbox);
  return last?.id ?? 0;
}

/** The events written since `since`, in order: [topic, payload]. */
async function eventsSince(since: number): Promise<Array<[string, unknown]>> {
  const rows = await db()
    .select({ topic: outbox.topic, payload: outbox.payload })
    .from(outbox)
    .where(and(gt(outbox.id, since), like(outbox.topic, "event:%")))
    .orderBy(asc(outbox.id));
  return rows.map((row) => [row.topic, row.payload]);
}

/** Runs `action` with its transaction failing right after it writes the event `name` (which must be written). */
async function failingAfter(name: string, action: () => Promise<unknown>): Promise<void> {
  let written = false;
  jest.mocked(emit).mockImplementation(async (tx, event, payload) => {
    await actualEmit(tx, event, payload);
    if (event.name !== name) return;
    written = true;
    throw new RolledBack(`rolled back after ${name}`);
  });
  try {
    await expect(action()).rejects.toBeInstanceOf(RolledBack);
  } finally {
    jest.mocked(emit).mockImplementation(actualEmit);
  }
  expect(written).toBe(true);
}

/** A family's seats in a new section, paid from their Cash; the order and its seats (item and booking ids). */
async function paidOrder(children = 1, sectionId?: number) {
  const family = await newFamily(db(), PRICE * children);
  const learnerIds = [family.learnerId];
  for (let i = 1; i < children; i += 1) learnerIds.push(await addChild(db(), family.parentId, `Kid${i}`));
  const section = sectionId ?? (await newSection(db(), { priceMinor: PRICE }));
  const { orderId } = await placeOrder(
    family.parentId,
    learnerIds.map((learnerId) => ({ sectionId: section, learnerId })),
  );
  const items = await db()
    .select({ id: orderItems.id, bookingId: orderItems.bookingId, startsAt: bookings.startsAt })
    .from(orderItems)
    .innerJoin(bookings, eq(bookings.id, orderItems.bookingId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
  return { ...family, sectionId: section, orderId, items, beforeCutoff: new Date(items[0]!.startsAt.getTime() - 48 * HOUR) };
}

const refundIdsOf = async (orderId: string) =>
  (await db().select({ id: refunds.id }).from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.id))).map((r) => r.id);

/** The section editor's input for a section as stored, with another status. */
const withStatus = (sectionId: number, status: SectionInput["status"]) => storedSectionInput(db(), sectionId, { status });

/** A seat held for a new family in a new section, in its pending card order (as a card checkout leaves it). */
async function heldSeat() {
  const sectionId = await newSection(db(), { priceMinor: PRICE });
  const family = await newFamily(db());
  return { ...(await heldSeatInOrder(db(), sectionId, family)), sectionId, userId: family.parentId };
}

describe("seat.confirmed", () => {
  it("is written by a paid checkout, with its seats", async () => {
    const since = await mark();
    const order = await paidOrder(2);
    const seats = order.items.map((item) => item.bookingId!);
    const events = await eventsSince(since);
    expect(events).toHaveLength(1);
    expect(events[0]![0]).toBe("event:seat.confirmed");
    expect((events[0]![1] as { bookingIds: string[] }).bookingIds.sort()).toEqual(seats.sort());
  });

  it("is written in the transaction that confirms the seats: rolled back with it", async () => {
    const seat = await heldSeat();
    let since = await mark();
    await expect(
      db().transaction(async (tx) => {
        await confirmHeldSeat(tx, seat, seat.userId, seat.sectionId);
        throw new RolledBack();
      }),
    ).rejects.toBeInstanceOf(RolledBack);
    expect(await eventsSince(since)).toEqual([]);

    since = await mark();
    await db().transaction((tx) => confirmHeldSeat(tx, seat, seat.userId, seat.sectionId));
    expect(await eventsSince(since)).toEqual([["event:seat.confirmed", { bookingIds: [seat.seatId] }]]);
  });
});

describe("seat.cancelled and refund.made", () => {
  it("a withdrawal writes both: its seat with its refund, and the refund", async () => {
    const order = await paidOrder();
    const since = await mark();
    await withdrawSeat(order.parentId, order.items[0]!.id, ZONE, order.beforeCutoff);
    const refundIds = await refundIdsOf(order.orderId);
    expect(refundIds).toHaveLength(1);
    expect(await eventsSince(since)).toEqual([
      ["event:seat.cancelled", { bookingIds: [order.items[0]!.bookingId], refundIds, sectionClosed: false }],
      ["event:refund.made", { refundIds, sectionClosed: false }],
    ]);
  });

  it("an admin's refund of an order writes both, for every seat", async () => {
    const order = await paidOrder(2);
    const since = await mark();
    await refundOrderAsAdmin(await insertActor(db(), "admin"), { orderId: order.orderId, reason: "Teacher ill" });
    const refundIds = await refundIdsOf(order.orderId);
    expect(refundIds).toHaveLength(2);
    expect(await eventsSince(since)).toEqual([
      ["event:seat.cancelled", { bookingIds: order.items.map((item) => item.bookingId), refundIds, sectionClosed: false }],
      ["event:refund.made", { refundIds, sectionClosed: false }],
    ]);
  });

  it.each(["seat.cancelled", "refund.made"])("a withdrawal rolled back after writing %s leaves no event and no refund", async (name) => {
    const order = await paidOrder();
    const since = await mark();
    await failingAfter(name, () => withdrawSeat(order.parentId, order.items[0]!.id, ZONE, order.beforeCutoff));
    expect(await eventsSince(since)).toEqual([]);
    expect(await refundIdsOf(order.orderId)).toEqual([]);
  });

  it("an admin's refund rolled back leaves no event", async () => {
    const order = await paidOrder(2);
    const since = await mark();
    const admin = await insertActor(db(), "admin");
    await failingAfter("refund.made", () => refundOrderAsAdmin(admin, { orderId: order.orderId, reason: "Teacher ill" }));
    expect(await eventsSince(since)).toEqual([]);
    expect(await refundIdsOf(order.orderId)).toEqual([]);
  });
});

describe("section.closed", () => {
  it("closing a section over two families writes each family's cancellation and refund (section closed), then the closing once", async () => {
    const first = await paidOrder(2);
    const second = await paidOrder(1, first.sectionId);
    const admin = await insertActor(db(), "admin");
    const since = await mark();
    await updateSectionWithRefundsAs(admin, first.sectionId, await withStatus(first.sectionId, "closed"), `3:${3 * PRICE}`);

    const family = async (order: typeof first) => {
      const refundIds = await refundIdsOf(order.orderId);
      const bookingIds = order.items.map((item) => item.bookingId);
      return [
        ["event:seat.cancelled", { bookingIds, refundIds, sectionClosed: true }],
        ["event:refund.made", { refundIds, sectionClosed: true }],
      ];
    };
    const events = await eventsSince(since);
    const closing = events.at(-1)!;
    expect(closing[0]).toBe("event:section.closed");
    expect(closing[1]).toEqual({
      sectionId: first.sectionId,
      closedById: admin.id,
      bookingIds: expect.arrayContaining([...first.items, ...second.items].map((item) => item.bookingId)),
    });
    expect((closing[1] as { bookingIds: string[] }).bookingIds).toHaveLength(3);
    expect(events.slice(0, -1)).toEqual(
      expect.arrayContaining([
        ...(await family(first)),
        ...(await family(second)),
        ["event:section.saved", { sectionId: first.sectionId }],
      ]),
    );
    // Each family's two, the section's change (its pages expire: scheduling's section.saved), the closing.
    expect(events).toHaveLength(6);
  });

  it("a closing rolled back after writing it leaves no event, and the section open", async () => {
    const order = await paidOrder();
    const admin = await insertActor(db(), "admin");
    const since = await mark();
    const input = await withStatus(order.sectionId, "closed");
    await failingAfter("section.closed", () => updateSectionWithRefundsAs(admin, order.sectionId, input, `1:${PRICE}`));
    expect(await eventsSince(since)).toEqual([]);
    expect((await db().select().from(sections).where(eq(sections.id, order.sectionId)))[0]!.status).toBe("open");
  });

  it("closing a section with no live seats writes none of commerce's events (only the section's change)", async () => {
    const sectionId = await newSection(db(), { priceMinor: PRICE });
    const admin = await insertActor(db(), "admin");
    const since = await mark();
    await updateSectionWithRefundsAs(admin, sectionId, await withStatus(sectionId, "closed"), undefined);
    expect(await eventsSince(since)).toEqual([["event:section.saved", { sectionId }]]);
  });
});

describe("gift.bought", () => {
  it("a gift paid from the wallet writes it with the gift", async () => {
    const buyer = await newFamily(db(), 10_000);
    const since = await mark();
    const { giftId } = await buyGift(buyer.parentId, { amount: "40", recipientEmail: "grace@example.com" }, { emailVerified: true });
    expect(await eventsSince(since)).toEqual([["event:gift.bought", { giftId }]]);
  });

  it("a wallet gift rolled back after writing it leaves no event and no gift", async () => {
    const buyer = await newFamily(db(), 10_000);
    const since = await mark();
    await failingAfter("gift.bought", () =>
      buyGift(buyer.parentId, { amount: "40", recipientEmail: "grace@example.com" }, { emailVerified: true }),
    );
    expect(await eventsSince(since)).toEqual([]);
    expect(await db().select().from(gifts).where(eq(gifts.buyerId, buyer.parentId))).toEqual([]);
  });

  it("a card gift writes it when its payment arrives, in the webhook's transaction", async () => {
    const buyer = await newFamily(db());
    const [gift] = await db()
      .insert(gifts)
      .values({
        buyerId: buyer.parentId,
        amountMinor: 3_000,
        currency: "USD",
        recipientEmail: "g@example.com",
        status: "pending",
        paidBy: "card",
      })
      .returning({ id: gifts.id });
    const session = { id: "cs_test_gift", payment_intent: "pi_test_gift" } as Stripe.Checkout.Session;
    const fulfil = async (fail: boolean) =>
      db().transaction(async (tx) => {
        const pending = await lockPendingGift(tx, gift!.id);
        await pending!.fulfil(tx, session, new Date());
        if (fail) throw new RolledBack();
      });

    let since = await mark();
    await expect(fulfil(true)).rejects.toBeInstanceOf(RolledBack);
    expect(await eventsSince(since)).toEqual([]);
    since = await mark();
    await fulfil(false);
    expect(await eventsSince(since)).toEqual([["event:gift.bought", { giftId: gift!.id }]]);
  });
});

describe("order.seat-taken", () => {
  it("a card payment that comes after its seat was taken writes it, in the webhook's transaction", async () => {
    // $30.00 of credit and a $120.00 seat: $90.00 by card; the checkout an hour ago (its hold ran out), then a rival takes the seat.
    const family = await newFamily(db(), 3_000);
    const sectionId = await newSection(db(), { capacity: 1, priceMinor: PRICE });
    const placed = await placeOrder(family.parentId, [{ sectionId, learnerId: family.learnerId }], { now: new Date(Date.now() - HOUR) });
    expect(placed.status).toBe("pending");
    const rival = await newFamily(db(), PRICE);
    await placeOrder(rival.parentId, [{ sectionId, learnerId: rival.learnerId }]);
    const session = { id: "cs_test_late", payment_intent: "pi_test_late" } as Stripe.Checkout.Session;
    const pay = async (fail: boolean) =>
      db().transaction(async (tx) => {
        const pending = await lockPendingOrder(tx, placed.orderId);
        await pending!.fulfil(tx, session, new Date());
        if (fail) throw new RolledBack();
      });

    let since = await mark();
    await expect(pay(true)).rejects.toBeInstanceOf(RolledBack);
    expect(await eventsSince(since)).toEqual([]);
    since = await mark();
    await pay(false);
    // The order closed unpaid (its held seats' pages expire: order.closed), then the payment given back.
    expect(await eventsSince(since)).toEqual([
      ["event:order.closed", { orderId: placed.orderId }],
      ["event:order.seat-taken", { orderId: placed.orderId }],
    ]);
    expect((await db().select().from(orders).where(eq(orders.id, placed.orderId)))[0]!.status).toBe("refunded");
  });
});
