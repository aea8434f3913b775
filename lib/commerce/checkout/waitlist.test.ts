import { and, asc, eq, gt, like, max } from "drizzle-orm";

import { bookings, courses, orderItems, outbox, sections, waitlistEntries } from "@/lib/platform/db/schema/index";
import type { Database } from "@/lib/platform/db/client";
import { AppError } from "@/lib/platform/errors";
import { isLiveSeat } from "@/lib/scheduling/slots";
import { findCoursePage } from "@/lib/scheduling/course-page";
import { updateSection } from "@/lib/scheduling/sections";
import { familyWaitlist, joinWaitlist, lapseExpiredOffers, leaveWaitlist } from "@/lib/scheduling/waitlist";
import { WAITLIST_MESSAGES } from "@/lib/scheduling/waitlist-schema";
import { storedSectionInput } from "@/test/scheduling-fixtures";
import { addChild, newFamily, newSection } from "@/test/commerce-fixtures";
import { openTestDatabase } from "@/test/database";
import { insertActor } from "@/test/fixtures";

import { refundOrderAsAdmin, withdrawSeat } from "@/lib/commerce/refunds/refunds";
import { addToCart } from "@/lib/commerce/cart/cart";
import { placeOrder } from "./checkout";
import { reopenFreedSections } from "@/lib/commerce/seats/seats";

/**
 * Issue 27, waitlists: a full section keeps a line; a freed seat is offered to the first child in
 * line for WAITLIST_OFFER_HOURS (24 by default) and held for them (nobody else can buy it); an
 * offer that runs out goes to the next; never more offers than free seats. On PostgreSQL too
 * (TEST_DATABASE_URL): PGlite runs one transaction at a time, PostgreSQL really in parallel.
 */
let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.dispose());
const db = (): Database => database.db;
const ZONE = "America/Los_Angeles";
const HOUR = 3_600_000;

/** A section whose classes start in a month (every withdrawal is inside the refund window), with `capacity` seats. */
async function section(capacity: number) {
  const sectionId = await newSection(db(), { capacity, priceMinor: 5_000 });
  const startsOn = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  await db().update(sections).set({ startsOn }).where(eq(sections.id, sectionId));
  return sectionId;
}

/** A family buying every seat (one child per seat) from its Cash: the section is then `full`. */
async function fill(sectionId: number, seats: number) {
  const family = await newFamily(db(), 100_000);
  const learnerIds = [family.learnerId];
  for (let i = 1; i < seats; i += 1) learnerIds.push(await addChild(db(), family.parentId, `Kid${i}`));
  const { orderId } = await placeOrder(
    family.parentId,
    learnerIds.map((learnerId) => ({ sectionId, learnerId })),
  );
  const items = await db()
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
  return { ...family, orderId, itemIds: items.map((item) => item.id) };
}

async function statusOf(sectionId: number) {
  const [row] = await db().select({ status: sections.status }).from(sections).where(eq(sections.id, sectionId));
  return row!.status;
}
async function entriesOf(sectionId: number) {
  return db()
    .select({
      id: waitlistEntries.id,
      learnerId: waitlistEntries.learnerId,
      status: waitlistEntries.status,
      offerExpiresAt: waitlistEntries.offerExpiresAt,
    })
    .from(waitlistEntries)
    .where(eq(waitlistEntries.sectionId, sectionId))
    .orderBy(asc(waitlistEntries.id));
}
async function liveSeatsOf(sectionId: number) {
  return db()
    .select({ learnerId: bookings.learnerId })
    .from(bookings)
    .where(and(eq(bookings.sectionId, sectionId), isLiveSeat));
}
/** The waitlist events about this section's entries written after outbox row `after`, as [name, entry ids]. */
async function waitlistEvents(after: number, sectionId: number) {
  const ids = new Set((await entriesOf(sectionId)).map((e) => e.id));
  const rows = await db()
    .select({ topic: outbox.topic, payload: outbox.payload })
    .from(outbox)
    .where(and(like(outbox.topic, "event:waitlist.offer%"), gt(outbox.id, after)))
    .orderBy(asc(outbox.id));
  return rows
    .map((row) => [row.topic.replace("event:", ""), (row.payload as { entryIds: number[] }).entryIds] as const)
    .filter(([, entryIds]) => entryIds.some((id) => ids.has(id)));
}
async function lastOutboxId() {
  const [row] = await db()
    .select({ id: max(outbox.id) })
    .from(outbox);
  return row?.id ?? 0;
}
/** `n` families each putting their child in line, in order. */
async function line(sectionId: number, n: number, now = new Date()) {
  const families = [];
  for (let i = 0; i < n; i += 1) {
    const family = await newFamily(db(), 100_000);
    const joined = await joinWaitlist(family.parentId, { sectionId, learnerId: family.learnerId }, new Date(now.getTime() + i));
    families.push({ ...family, entryId: joined.entryId, position: joined.position });
  }
  return families;
}
const refused = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, message: error.message, fieldErrors: error.fieldErrors };
    throw error;
  }
  throw new Error("expected a refusal");
};

describe("joining a waitlist", () => {
  it("gives each child its place in line, shown again on the family's list; leaving moves the others up", async () => {
    const sectionId = await section(1);
    await fill(sectionId, 1);
    expect(await statusOf(sectionId)).toBe("full");
    const [a, b, c] = await line(sectionId, 3);
    expect([a!.position, b!.position, c!.position]).toEqual([1, 2, 3]);
    expect(await familyWaitlist(c!.parentId, ZONE)).toMatchObject([{ sectionId, status: "waiting", position: 3, offerUntil: null }]);

    await leaveWaitlist(a!.parentId, { entryId: a!.entryId });
    expect((await familyWaitlist(c!.parentId, ZONE))[0]).toMatchObject({ position: 2 });
    expect((await familyWaitlist(b!.parentId, ZONE))[0]).toMatchObject({ position: 1 });
    expect(await familyWaitlist(a!.parentId, ZONE)).toEqual([]);
    // Left already, or someone else's: not found, nothing changed.
    expect(await refused(leaveWaitlist(a!.parentId, { entryId: a!.entryId }))).toMatchObject({ code: "not-found" });
    expect(await refused(leaveWaitlist(a!.parentId, { entryId: b!.entryId }))).toMatchObject({ code: "not-found" });
    expect((await entriesOf(sectionId)).map((e) => e.status)).toEqual(["left", "waiting", "waiting"]);
  });

  it("refuses, changing nothing: a section with a free seat, a child already seated or in line, another family's child, no such class", async () => {
    const open = await section(2);
    const family = await fill(open, 1);
    const other = await newFamily(db());
    expect(await refused(joinWaitlist(other.parentId, { sectionId: open, learnerId: other.learnerId }))).toMatchObject({
      code: "conflict",
      message: expect.stringContaining("still has a free seat"),
    });

    const full = await section(1);
    const seated = await fill(full, 1);
    expect(await refused(joinWaitlist(seated.parentId, { sectionId: full, learnerId: seated.learnerId }))).toMatchObject({
      code: "conflict",
      fieldErrors: { learnerId: expect.stringContaining("already has a seat") },
    });
    await joinWaitlist(other.parentId, { sectionId: full, learnerId: other.learnerId });
    expect(await refused(joinWaitlist(other.parentId, { sectionId: full, learnerId: other.learnerId }))).toMatchObject({
      fieldErrors: { learnerId: expect.stringContaining("already on the waitlist") },
    });
    expect(await refused(joinWaitlist(other.parentId, { sectionId: full, learnerId: family.learnerId }))).toMatchObject({
      code: "forbidden",
      message: WAITLIST_MESSAGES.learnerNotYours,
    });
    expect(await refused(joinWaitlist(other.parentId, { sectionId: 999_999, learnerId: other.learnerId }))).toMatchObject({
      code: "not-found",
    });
    expect(await refused(joinWaitlist(other.parentId, { sectionId: "x", learnerId: "" }))).toMatchObject({ code: "invalid" });
    expect(await entriesOf(open)).toEqual([]);
    expect(await entriesOf(full)).toHaveLength(1);
  });

  it("the course page shows a full section as full with the children in line", async () => {
    const sectionId = await section(1);
    await fill(sectionId, 1);
    await line(sectionId, 2);
    const [row] = await db()
      .select({ slug: courses.slug })
      .from(sections)
      .innerJoin(courses, eq(courses.id, sections.courseId))
      .where(eq(sections.id, sectionId));
    // The page shows the next two weeks of sessions: these start in a month.
    const page = await findCoursePage(row!.slug, new Date(Date.now() + 29 * 86_400_000));
    expect(page!.sections.find((s) => s.id === sectionId)).toMatchObject({ seatsLeft: 0, inLine: 2 });
  });
});

describe("a freed seat", () => {
  it("is offered to the first child in line for 24 hours, held from everyone else, and taken by that child's checkout", async () => {
    const sectionId = await section(1);
    const seated = await fill(sectionId, 1);
    const [first, second] = await line(sectionId, 2);
    const before = await lastOutboxId();
    const now = new Date();
    await withdrawSeat(seated.parentId, seated.itemIds[0], ZONE, now);

    const entries = await entriesOf(sectionId);
    expect(entries.map((e) => e.status)).toEqual(["offered", "waiting"]);
    expect(entries[0]!.offerExpiresAt!.getTime()).toBe(now.getTime() + 24 * HOUR);
    expect(await statusOf(sectionId)).toBe("full");
    expect(await waitlistEvents(before, sectionId)).toEqual([["waitlist.offered", [first!.entryId]]]);
    expect(await familyWaitlist(first!.parentId, ZONE)).toMatchObject([
      { status: "offered", position: null, offerUntil: expect.stringContaining("Pacific Time (Los Angeles)") },
    ]);

    // The seat is held: a stranger and the second in line are refused.
    const stranger = await newFamily(db(), 100_000);
    for (const family of [stranger, second!]) {
      expect(await refused(placeOrder(family.parentId, [{ sectionId, learnerId: family.learnerId }]))).toMatchObject({
        code: "conflict",
        message: expect.stringContaining("is full"),
      });
    }
    expect(await liveSeatsOf(sectionId)).toEqual([]);

    await placeOrder(first!.parentId, [{ sectionId, learnerId: first!.learnerId }]);
    expect(await liveSeatsOf(sectionId)).toEqual([{ learnerId: first!.learnerId }]);
    expect((await entriesOf(sectionId)).map((e) => e.status)).toEqual(["accepted", "waiting"]);
    expect(await familyWaitlist(first!.parentId, ZONE)).toEqual([]);
    expect(await statusOf(sectionId)).toBe("full");
  });

  it("stays held when the teacher saves the section as open: it stays full, neither the cart nor the checkout sells it to another family", async () => {
    const sectionId = await section(1);
    const seated = await fill(sectionId, 1);
    const [first] = await line(sectionId, 1);
    await withdrawSeat(seated.parentId, seated.itemIds[0], ZONE);
    await updateSection(sectionId, { ...(await storedSectionInput(db(), sectionId)), status: "open" });
    expect(await statusOf(sectionId)).toBe("full");
    const stranger = await newFamily(db(), 100_000);
    expect(await refused(addToCart(stranger.parentId, { sectionId, learnerId: stranger.learnerId }))).toMatchObject({
      code: "conflict",
      message: expect.stringContaining("is full"),
    });
    expect(await refused(placeOrder(stranger.parentId, [{ sectionId, learnerId: stranger.learnerId }]))).toMatchObject({
      code: "conflict",
    });
    await placeOrder(first!.parentId, [{ sectionId, learnerId: first!.learnerId }]);
    expect(await statusOf(sectionId)).toBe("full");
  });

  it("after an admin refund of two seats: two offers, never more than the free seats, however often it is settled", async () => {
    const sectionId = await section(2);
    const seated = await fill(sectionId, 2);
    await line(sectionId, 3);
    await refundOrderAsAdmin(await insertActor(db(), "admin"), { orderId: seated.orderId, reason: "Moved away" });
    await db().transaction((tx) => reopenFreedSections(tx, [sectionId, sectionId, sectionId]));
    expect((await entriesOf(sectionId)).map((e) => e.status)).toEqual(["offered", "offered", "waiting"]);
    expect(await statusOf(sectionId)).toBe("full");
  });

  it("with nobody in line, reopens the section as before", async () => {
    const sectionId = await section(1);
    const seated = await fill(sectionId, 1);
    await withdrawSeat(seated.parentId, seated.itemIds[0], ZONE);
    expect(await statusOf(sectionId)).toBe("open");
  });

  it("a capacity raised offers the new seats to the line, and opens the section for the seats left after it", async () => {
    const sectionId = await section(1);
    const seated = await fill(sectionId, 1);
    const [a, b] = await line(sectionId, 2);
    const input = await storedSectionInput(db(), sectionId);
    await updateSection(sectionId, { ...input, capacity: 2 });
    expect((await entriesOf(sectionId)).map((e) => e.status)).toEqual(["offered", "waiting"]);
    expect(await statusOf(sectionId)).toBe("full");
    await updateSection(sectionId, { ...input, capacity: 5, status: "full" });
    expect((await entriesOf(sectionId)).map((e) => e.status)).toEqual(["offered", "offered"]);
    expect(await statusOf(sectionId)).toBe("open");
    // Open with two seats offered: others may buy the two seats left, not the offered ones.
    const others = await Promise.all([newFamily(db(), 100_000), newFamily(db(), 100_000), newFamily(db(), 100_000)]);
    await placeOrder(others[0]!.parentId, [{ sectionId, learnerId: others[0]!.learnerId }]);
    await placeOrder(others[1]!.parentId, [{ sectionId, learnerId: others[1]!.learnerId }]);
    expect(await statusOf(sectionId)).toBe("full");
    expect(await refused(placeOrder(others[2]!.parentId, [{ sectionId, learnerId: others[2]!.learnerId }]))).toMatchObject({
      code: "conflict",
    });
    await placeOrder(a!.parentId, [{ sectionId, learnerId: a!.learnerId }]);
    await placeOrder(b!.parentId, [{ sectionId, learnerId: b!.learnerId }]);
    expect(await liveSeatsOf(sectionId)).toHaveLength(5);
    void seated;
  });

  it("closing the section ends its line", async () => {
    const sectionId = await section(1);
    const seated = await fill(sectionId, 1);
    await line(sectionId, 1);
    await withdrawSeat(seated.parentId, seated.itemIds[0], ZONE);
    const input = await storedSectionInput(db(), sectionId);
    await updateSection(sectionId, { ...input, status: "closed" });
    expect((await entriesOf(sectionId)).map((e) => e.status)).toEqual(["closed"]);
  });
});

describe("an offer that runs out", () => {
  it("lapses and goes to the next in line, once however often the job runs; an offer left goes on at once", async () => {
    const sectionId = await section(1);
    const seated = await fill(sectionId, 1);
    const [a, b, c] = await line(sectionId, 3);
    const now = new Date();
    await withdrawSeat(seated.parentId, seated.itemIds[0], ZONE, now);
    const before = await lastOutboxId();

    // Not yet due: nothing.
    expect(await lapseExpiredOffers(db(), new Date(now.getTime() + 23 * HOUR))).toBe(0);
    const later = new Date(now.getTime() + 24 * HOUR + 1);
    // Meanwhile the lapsed offer holds nothing: its family's checkout is refused.
    expect(await refused(placeOrder(a!.parentId, [{ sectionId, learnerId: a!.learnerId }], { now: later }))).toMatchObject({
      code: "conflict",
    });
    // Two instances at once, then again: one lapse (other tests' offers lapse too: the counts are of all sections).
    await Promise.all([lapseExpiredOffers(db(), later), lapseExpiredOffers(db(), later)]);
    expect(await lapseExpiredOffers(db(), later)).toBe(0);
    expect((await entriesOf(sectionId)).map((e) => e.status)).toEqual(["lapsed", "offered", "waiting"]);
    expect(await waitlistEvents(before, sectionId)).toEqual([
      ["waitlist.offer-lapsed", [a!.entryId]],
      ["waitlist.offered", [b!.entryId]],
    ]);

    await leaveWaitlist(b!.parentId, { entryId: b!.entryId }, later);
    expect((await entriesOf(sectionId)).map((e) => e.status)).toEqual(["lapsed", "left", "offered"]);
    await placeOrder(c!.parentId, [{ sectionId, learnerId: c!.learnerId }], { now: later });
    expect(await liveSeatsOf(sectionId)).toEqual([{ learnerId: c!.learnerId }]);
  });

  it("with nobody left in line, opens the section again", async () => {
    const sectionId = await section(1);
    const seated = await fill(sectionId, 1);
    await line(sectionId, 1);
    const now = new Date();
    await withdrawSeat(seated.parentId, seated.itemIds[0], ZONE, now);
    expect(await statusOf(sectionId)).toBe("full");
    expect(await lapseExpiredOffers(db(), new Date(now.getTime() + 25 * HOUR))).toBe(1);
    expect(await statusOf(sectionId)).toBe("open");
  });
});

describe("30 parallel offers and accepts on a waitlist with 2 freed seats", () => {
  it("sells exactly 2 seats, to the children offered them; a lapsed offer moves to the next family", async () => {
    const sectionId = await section(2);
    const seated = await fill(sectionId, 2);
    const waiting = await line(sectionId, 30);
    const now = new Date();
    await withdrawSeat(seated.parentId, seated.itemIds[0], ZONE, now);
    await withdrawSeat(seated.parentId, seated.itemIds[1], ZONE, now);
    expect((await entriesOf(sectionId)).filter((e) => e.status === "offered")).toHaveLength(2);

    // The first in line accepts, the second does not (yet); everyone else tries to buy; offers are settled again meanwhile.
    const attempts = await Promise.allSettled([
      ...waiting.filter((_, i) => i !== 1).map((f) => placeOrder(f.parentId, [{ sectionId, learnerId: f.learnerId }], { now })),
      ...Array.from({ length: 10 }, () => db().transaction((tx) => reopenFreedSections(tx, [sectionId, sectionId], now))),
    ]);
    expect(attempts.filter((a) => a.status === "rejected")).toHaveLength(28);
    expect(await liveSeatsOf(sectionId)).toEqual([{ learnerId: waiting[0]!.learnerId }]);
    const offered = (await entriesOf(sectionId)).filter((e) => e.status === "offered");
    expect(offered.map((e) => e.learnerId)).toEqual([waiting[1]!.learnerId]);

    // The second's offer lapses (two instances running the job): the third is offered, and wins against everyone.
    const later = new Date(now.getTime() + 24 * HOUR + 1);
    await Promise.all([lapseExpiredOffers(db(), later), lapseExpiredOffers(db(), later)]);
    const after = await entriesOf(sectionId);
    expect(after.filter((e) => e.status === "offered").map((e) => e.learnerId)).toEqual([waiting[2]!.learnerId]);
    expect(after.filter((e) => e.status === "lapsed").map((e) => e.learnerId)).toEqual([waiting[1]!.learnerId]);
    const second = await Promise.allSettled([
      ...waiting.slice(1).map((f) => placeOrder(f.parentId, [{ sectionId, learnerId: f.learnerId }], { now: later })),
      ...Array.from({ length: 5 }, () => lapseExpiredOffers(db(), later)),
    ]);
    expect(second.filter((a) => a.status === "rejected")).toHaveLength(28);
    const seats = (await liveSeatsOf(sectionId)).map((s) => s.learnerId).sort();
    expect(seats).toEqual([waiting[0]!.learnerId, waiting[2]!.learnerId].sort());
    expect(await statusOf(sectionId)).toBe("full");
    expect((await entriesOf(sectionId)).filter((e) => e.status === "offered")).toEqual([]);
  });
});
