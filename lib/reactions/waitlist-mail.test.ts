import { asc, eq } from "drizzle-orm";

import { placeOrder } from "@/lib/commerce/checkout/checkout";
import { withdrawSeat } from "@/lib/commerce/refunds/refunds";
import { orderItems, sections, users } from "@/lib/platform/db/schema";
import { joinWaitlist, lapseExpiredOffers } from "@/lib/scheduling/waitlist";
import { newFamily, newSection } from "@/test/commerce-fixtures";
import { markReactionsUndelivered } from "@/test/events";
import { mailHarness } from "@/test/mail-harness";

/**
 * Issue 27: the family first in line is offered a freed seat by email ("A seat is free in <course>
 * for <child> until <time in the family's zone>: Enrol now"); an offer that lapses tells its family
 * and the next family gets its own offer. Each once, however often delivered.
 */
const { db, mail, deliver, received, emailOf } = mailHarness();
const HOUR = 3_600_000;

/** A one-seat class starting in a month, sold out, with two families in line (the first in Asia/Kolkata). */
async function fullClassWithLine() {
  const sectionId = await newSection(db(), { capacity: 1, priceMinor: 5_000 });
  await db()
    .update(sections)
    .set({ startsOn: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10) })
    .where(eq(sections.id, sectionId));
  const seated = await newFamily(db(), 10_000);
  const { orderId } = await placeOrder(seated.parentId, [{ sectionId, learnerId: seated.learnerId }]);
  const [item] = await db()
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
  const first = await newFamily(db(), 10_000);
  await db().update(users).set({ timezone: "Asia/Kolkata", displayName: "Priya Rao" }).where(eq(users.id, first.parentId));
  const second = await newFamily(db(), 10_000);
  await joinWaitlist(first.parentId, { sectionId, learnerId: first.learnerId });
  await joinWaitlist(second.parentId, { sectionId, learnerId: second.learnerId });
  return { sectionId, seated, itemId: item!.id, first, second };
}

describe("waitlist mail", () => {
  it("offers the freed seat to the first family with the deadline in its zone, once; the lapse tells it, and offers the next", async () => {
    await mail.clear();
    const { seated, itemId, first, second } = await fullClassWithLine();
    await withdrawSeat(seated.parentId, itemId, "America/Los_Angeles", new Date());
    // The withdrawal's own time is the offer's start: read the deadline back from the mail.
    await deliver();
    expect(await markReactionsUndelivered(db(), "waitlist.offered", "waitlist-offer-mail")).toBeGreaterThan(0);
    await deliver();

    const firstEmail = await emailOf(first.parentId);
    const offers = await received(firstEmail);
    expect(offers.map((m) => m.subject)).toEqual([expect.stringMatching(/^A seat is free in .+ for Ada$/)]);
    const text = offers[0]!.text ?? "";
    expect(text).toContain("Hello Priya");
    expect(text).toMatch(/A seat is free in .+ for Ada until .+ India Standard Time \(Kolkata\)\./);
    expect(text).toContain("Enrol now: http");
    expect(text).toContain("/my-courses");
    expect(await received(await emailOf(second.parentId))).toEqual([]);

    // A day later the offer lapses (the job runs twice): "gone to the next family", and the second family's offer.
    const later = new Date(Date.now() + 24 * HOUR + 60_000);
    await lapseExpiredOffers(db(), later);
    await lapseExpiredOffers(db(), later);
    await deliver();
    await deliver();
    const lapsed = (await received(firstEmail)).slice(1);
    expect(lapsed.map((m) => m.subject)).toEqual([expect.stringMatching(/^The seat offered in .+ has gone to the next family$/)]);
    expect(lapsed[0]!.text).toContain("went to the next family in line");
    const secondOffers = await received(await emailOf(second.parentId));
    expect(secondOffers.map((m) => m.subject)).toEqual([expect.stringMatching(/^A seat is free in .+ for Ada$/)]);
    expect(secondOffers[0]!.text).toContain("Pacific Time (Los Angeles)");
  });

  it("sends no offer for an entry taken or left before the mail goes out", async () => {
    await mail.clear();
    const { seated, itemId, first, sectionId } = await fullClassWithLine();
    await withdrawSeat(seated.parentId, itemId, "America/Los_Angeles");
    await placeOrder(first.parentId, [{ sectionId, learnerId: first.learnerId }]);
    await deliver();
    const messages = await received(await emailOf(first.parentId));
    expect(messages.map((m) => m.subject).filter((s) => s?.startsWith("A seat is free"))).toEqual([]);
  });
});
