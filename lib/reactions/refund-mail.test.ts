import { and, eq, isNull } from "drizzle-orm";

import { placeOrder } from "@/lib/commerce/checkout/checkout";
import { refundOrderAsAdmin, withdrawSeat } from "@/lib/commerce/refunds/refunds";
import { brandLabels } from "@/lib/platform/brand";
import { bookings, orderItems, outbox, refunds } from "@/lib/platform/db/schema";
import { AppError } from "@/lib/platform/errors";
import { addChild, newFamily, newSection } from "@/test/commerce-fixtures";
import { markReactionsUndelivered } from "@/test/events";
import { insertActor } from "@/test/fixtures";
import { to, mailHarness } from "@/test/mail-harness";

/** Issue 19: a refund tells the parent, once, what was refunded and where the money went. */

const { db, mail, deliver, emailOf } = mailHarness();
const HOUR = 3_600_000;
const ZONE = "America/Los_Angeles";

/** The refund's own messages only: the seats' cancellation messages are seat-cancel-mail.test.ts's. */
const dropSeatCancellations = () =>
  db()
    .delete(outbox)
    .where(and(eq(outbox.topic, "event:seat.cancelled"), isNull(outbox.deliveredAt)));

/** A family's paid order (from the wallet) for the given children in one new section; its items' first sessions. */
async function paidOrder(children: number) {
  const family = await newFamily(db(), 50_000);
  const learnerIds = [family.learnerId];
  for (let i = 1; i < children; i += 1) learnerIds.push(await addChild(db(), family.parentId, `Child${i}`));
  const sectionId = await newSection(db(), { priceMinor: 12_000 });
  const { orderId } = await placeOrder(
    family.parentId,
    learnerIds.map((learnerId) => ({ sectionId, learnerId })),
  );
  const items = await db()
    .select({ id: orderItems.id, startsAt: bookings.startsAt })
    .from(orderItems)
    .innerJoin(bookings, eq(bookings.id, orderItems.bookingId))
    .where(eq(orderItems.orderId, orderId));
  return { ...family, orderId, items };
}

describe("the refund done email", () => {
  it("tells the parent once when they withdraw a seat, and queues nothing for a refused withdrawal", async () => {
    const family = await paidOrder(1);
    await db().delete(outbox);
    await mail.clear();
    const item = family.items[0]!;
    // Too late (after the cutoff): refused, nothing queued.
    await expect(withdrawSeat(family.parentId, item.id, ZONE, new Date(item.startsAt.getTime() - HOUR))).rejects.toBeInstanceOf(AppError);
    expect(await db().select().from(outbox)).toHaveLength(0);

    await withdrawSeat(family.parentId, item.id, ZONE, new Date(item.startsAt.getTime() - 25 * HOUR));
    // A second try is refused ("already withdrawn") and queues no second message.
    await expect(withdrawSeat(family.parentId, item.id, ZONE, new Date(item.startsAt.getTime() - 25 * HOUR))).rejects.toBeInstanceOf(
      AppError,
    );
    await dropSeatCancellations();
    expect(await deliver()).toEqual({ delivered: 1, failed: 0 });
    expect(await deliver()).toEqual({ delivered: 0, failed: 0 });

    const messages = await mail.messages();
    expect(messages.map((m) => [to(m), m.subject])).toEqual([[await emailOf(family.parentId), "Refund done: Ada, Test course"]]);
    expect(messages[0]!.text).toContain(`$120.00 went back to your ${brandLabels.cash}`);
    expect(messages[0]!.text).toContain("Withdrawn: Ada: Test course");
    expect(messages[0]!.text).not.toContain("card");
  });

  it("sends one message for an admin's refund of a whole order, naming every seat and the total", async () => {
    const family = await paidOrder(2);
    const admin = await insertActor(db(), "admin");
    await db().delete(outbox);
    await mail.clear();

    await refundOrderAsAdmin(admin, { orderId: family.orderId, reason: "Teacher ill, class cancelled" });
    await dropSeatCancellations();
    expect(await deliver()).toEqual({ delivered: 1, failed: 0 });

    const messages = await mail.messages();
    expect(messages.map((m) => [to(m), m.subject])).toEqual([[await emailOf(family.parentId), "Refund done: 2 enrolments"]]);
    const text = messages[0]!.text ?? "";
    expect(text).toContain("Withdrawn: Ada: Test course");
    expect(text).toContain("Withdrawn: Child1: Test course");
    expect(text).toContain(`$240.00 went back to your ${brandLabels.cash}`);
    // The admin's reason is staff-facing: not in the family's message.
    expect(text).not.toContain("Teacher ill");
  });

  it("delivered twice (a crash before the first delivery was recorded): one message, under the refund's key", async () => {
    const family = await paidOrder(1);
    await db().delete(outbox);
    await mail.clear();
    const item = family.items[0]!;
    await withdrawSeat(family.parentId, item.id, ZONE, new Date(item.startsAt.getTime() - 25 * HOUR));
    await dropSeatCancellations();
    expect(await deliver()).toEqual({ delivered: 1, failed: 0 });

    expect(await markReactionsUndelivered(db(), "refund.made", "refund-mail")).toBe(1);
    expect(await deliver()).toEqual({ delivered: 0, failed: 0 });
    const [refund] = await db().select({ id: refunds.id }).from(refunds).where(eq(refunds.orderId, family.orderId));
    expect(
      await db()
        .select()
        .from(outbox)
        .where(eq(outbox.dedupeKey, `email:refund:${refund!.id}:parent`)),
    ).toHaveLength(1);
    const messages = await mail.messages();
    expect(messages.map((m) => [m.subject, m.messageId])).toEqual([
      ["Refund done: Ada, Test course", `<email.refund.${refund!.id}.parent@localhost>`],
    ]);
  });
});
