import { eq } from "drizzle-orm";

import { bookings, orderItems, sections } from "@/lib/platform/db/schema/index";
import { addChild, newFamily, newSection } from "@/test/commerce-fixtures";
import { openTestDatabase } from "@/test/database";
import { insertActor } from "@/test/fixtures";

import { sectionsForCart } from "@/lib/commerce/cart/cart";
import { placeOrder } from "./checkout";
import { refundOrderAsAdmin, withdrawSeat } from "@/lib/commerce/refunds/refunds";
import { lockSections, moveSeats, writeSeat } from "@/lib/commerce/seats/seats";

/** A freed seat (withdrawal, refund, released hold) reopens the `full` section it had filled, so families can book it again. */
let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.dispose());
const db = () => database.db;
const ZONE = "America/Los_Angeles";
/** Inside the refund window: a day and an hour before the seat's first session. */
const beforeCutoff = (item: { startsAt: Date }) => new Date(item.startsAt.getTime() - 25 * 3_600_000);

async function statusOf(sectionId: number) {
  const [row] = await db().select({ status: sections.status }).from(sections).where(eq(sections.id, sectionId));
  return row!.status;
}
const markFull = (sectionId: number) => db().update(sections).set({ status: "full" }).where(eq(sections.id, sectionId));

/** A family holding the section's seats (one child per seat), paid from the wallet; the order and its items. */
async function fill(sectionId: number, seats: number) {
  const family = await newFamily(db(), 100_000);
  const learnerIds = [family.learnerId];
  for (let i = 1; i < seats; i += 1) learnerIds.push(await addChild(db(), family.parentId, `Kid${i}`));
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

describe("a full section with a freed seat", () => {
  it("is open again after a withdrawal: the cart offers it and another family can enrol", async () => {
    const sectionId = await newSection(db(), { capacity: 1, priceMinor: 5_000 });
    const first = await fill(sectionId, 1);
    await markFull(sectionId);
    expect((await sectionsForCart([sectionId], ZONE))[0]).toMatchObject({ isOpen: false, seatsLeft: 0 });

    await withdrawSeat(first.parentId, first.items[0]!.id, ZONE, beforeCutoff(first.items[0]!));

    expect(await statusOf(sectionId)).toBe("open");
    expect((await sectionsForCart([sectionId], ZONE))[0]).toMatchObject({ isOpen: true, seatsLeft: 1 });
    const next = await newFamily(db(), 5_000);
    await expect(placeOrder(next.parentId, [{ sectionId, learnerId: next.learnerId }])).resolves.toMatchObject({
      orderId: expect.any(String),
    });
  });

  it("is open again after an admin refunds an order that had filled it", async () => {
    const sectionId = await newSection(db(), { capacity: 2, priceMinor: 5_000 });
    const family = await fill(sectionId, 2);
    await markFull(sectionId);
    await refundOrderAsAdmin(await insertActor(db(), "admin"), { orderId: family.orderId, reason: "Teacher ill" });
    expect(await statusOf(sectionId)).toBe("open");
  });

  it("is open again when a held seat that filled it is released", async () => {
    const sectionId = await newSection(db(), { capacity: 1 });
    const family = await newFamily(db());
    const seatId = await db().transaction(async (tx) => {
      const locked = await lockSections(tx, [sectionId]);
      return writeSeat(tx, locked.get(sectionId)!, family.learnerId, "held", family.parentId, new Date());
    });
    await markFull(sectionId);
    await db().transaction((tx) => moveSeats(tx, [seatId], "held", "cancelled", new Date()));
    expect(await statusOf(sectionId)).toBe("open");
    const [seat] = await db().select({ status: bookings.status }).from(bookings).where(eq(bookings.id, seatId));
    expect(seat!.status).toBe("cancelled");
  });

  it("stays full when it was closed to enrolment with seats to spare (the seat freed did not fill it)", async () => {
    const sectionId = await newSection(db(), { capacity: 3, priceMinor: 5_000 });
    const family = await fill(sectionId, 1);
    await markFull(sectionId);
    await withdrawSeat(family.parentId, family.items[0]!.id, ZONE, beforeCutoff(family.items[0]!));
    expect(await statusOf(sectionId)).toBe("full");
  });
});
