import { and, eq } from "drizzle-orm";

import { placeOrder } from "@/lib/commerce/checkout/checkout";
import { refundOrderAsAdmin, withdrawSeat } from "@/lib/commerce/refunds/refunds";
import { creditCancelledSessions } from "@/lib/commerce/session-credits";
import type { Actor } from "@/lib/platform/auth/permissions";
import { auditEvents, bookings, earningsStatements, orderItems, sections } from "@/lib/platform/db/schema";
import { cancelSession } from "@/lib/scheduling/session-changes";
import { sectionSessions } from "@/lib/scheduling/sessions";
import { newFamily } from "@/test/commerce-fixtures";
import { openTestDatabase } from "@/test/database";
import { insertActor } from "@/test/fixtures";
import { EVERY_DAY, newCourse, newTeacher } from "@/test/scheduling-fixtures";

import { platformShareOf, sessionShares } from "./attribution";
import { statementCsv } from "./csv";
import { payStatement } from "./payouts";
import { statementCsvFor } from "./reading";
import { EARNINGS_MESSAGES } from "./schema";
import { COMMERCE_MESSAGES } from "@/lib/commerce/schema";
import { balanceOf } from "@/lib/commerce/wallet/ledger";
import { teacherStatement, type StatementLine } from "./statements";

/**
 * Issue 28: "a statement's net equals the sum of paid seats' shares minus refunds and credits, to
 * the cent, for a month with a withdrawal and a cancelled session". The rule is attribution.ts's:
 * a seat's price spread over its sessions exactly, a share in the month of its session, a refund
 * deducting what the seat had earned, a credit deducted in its month, the platform's share of the rest.
 */

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());
const db = () => database.db;

const ZONE = "America/Los_Angeles";
const at = (iso: string) => new Date(iso);

/**
 * Wednesdays at 17:00 in New York, by default 3 March to 14 April 2027: 7 sessions (5 in March);
 * $100.00 a seat. A new teacher's, unless one is given.
 */
async function weeklySection(values: { teacherId?: number; startsOn?: string; endsOn?: string; priceMinor?: number } = {}) {
  const teacherId = values.teacherId ?? (await newTeacher(db(), "America/New_York", EVERY_DAY(8 * 60, 22 * 60)));
  const courseId = await newCourse(db(), teacherId);
  const [row] = await db()
    .insert(sections)
    .values({
      courseId,
      teacherId,
      classType: "group",
      capacity: 10,
      priceMinor: values.priceMinor ?? 10_000,
      currency: "USD",
      startsOn: values.startsOn ?? "2027-03-03",
      endsOn: values.endsOn ?? "2027-04-14",
      startMinute: 17 * 60,
      timezone: "America/New_York",
      rrule: "FREQ=WEEKLY;BYDAY=WE",
      durationMinutes: 60,
      status: "open",
    })
    .returning();
  return row!;
}

async function itemOf(learnerId: number) {
  const [item] = await db()
    .select({ id: orderItems.id, orderId: orderItems.orderId })
    .from(orderItems)
    .innerJoin(bookings, eq(bookings.id, orderItems.bookingId))
    .where(eq(bookings.learnerId, learnerId));
  return item!;
}

describe("a teacher's monthly statement", () => {
  it("nets the paid seats' shares less refunds, credits and the platform's share, to the cent, and freezes once paid", async () => {
    const section = await weeklySection();
    const teacher: Actor = { id: section.teacherId, email: "t@example.com", role: "teacher" };
    const admin = await insertActor(db(), "admin");
    const sessions = sectionSessions(section, at("2027-03-01T00:00:00Z"), at("2027-05-01T00:00:00Z")).map((s) => s.startsAt);
    expect(sessions).toHaveLength(7);

    // Two seats for the whole class, one bought for the second session on (6 sessions), one refunded by an admin mid-March.
    const [a, b, w, c] = await Promise.all([
      newFamily(db(), 10_000),
      newFamily(db(), 10_000),
      newFamily(db(), 10_000),
      newFamily(db(), 10_000),
    ]);
    await placeOrder(a.parentId, [{ sectionId: section.id, learnerId: a.learnerId }], { now: at("2027-02-20T12:00:00Z") });
    await placeOrder(b.parentId, [{ sectionId: section.id, learnerId: b.learnerId }], { now: at("2027-02-20T12:00:00Z") });
    await placeOrder(c.parentId, [{ sectionId: section.id, learnerId: c.learnerId }], { now: at("2027-02-21T12:00:00Z") });
    await placeOrder(w.parentId, [{ sectionId: section.id, learnerId: w.learnerId }], { now: at("2027-03-05T12:00:00Z") });

    // The withdrawal, in March, before W's first session (10 March): refunded in full.
    await withdrawSeat(w.parentId, (await itemOf(w.learnerId)).id, ZONE, at("2027-03-08T12:00:00Z"));
    // The 17 March session is cancelled without a make-up: A and B are credited after the deadline (C is refunded by then).
    await cancelSession(teacher, section.id, { occurrence: sessions[2]! }, at("2027-03-15T12:00:00Z"));
    // C is refunded by an admin after three sessions (3, 10, 17 March).
    await refundOrderAsAdmin(
      admin,
      { orderId: (await itemOf(c.learnerId)).orderId, reason: "Family moved away" },
      at("2027-03-18T12:00:00Z"),
    );
    expect(await creditCancelledSessions(db(), at("2027-03-21T12:00:00Z"))).toBe(2);

    const march = await teacherStatement(section.teacherId, "2027-03", at("2027-04-02T00:00:00Z"));
    const share = sessionShares(10_000, 7); // 1428, 1429, 1428, 1429, 1428, 1429, 1429: 10,000 in all
    expect(share.reduce((x, y) => x + y, 0)).toBe(10_000);
    const fullSeatInMarch = share.slice(0, 5).reduce((x, y) => x + y, 0); // sessions 1-5: 3, 10, 17, 24, 31 March
    const refundedSeatEarned = share.slice(0, 3).reduce((x, y) => x + y, 0); // C: 3, 10, 17 March, before its refund
    const credits = 2 * Math.floor(10_000 / 7); // the credit rule: 1,428 for each of A and B
    const gross = 2 * fullSeatInMarch + refundedSeatEarned;
    expect(march).toMatchObject({
      status: "unpaid",
      // 3, 10, 24, 31 March: the cancelled 17th was not taught.
      sessions: 4,
      // A, B and C earned in March; the withdrawn seat never did.
      seats: 3,
      grossMinor: gross,
      refundsMinor: refundedSeatEarned,
      creditsMinor: credits,
      platformSharePercent: 30,
    });
    expect(gross).toBe(18_569);
    const base = gross - refundedSeatEarned - credits; // 11,428
    expect(march.platformShareMinor).toBe(platformShareOf(base, 30));
    expect(march.platformShareMinor).toBe(3_428); // 3,428.4 rounded
    expect(march.netMinor).toBe(base - 3_428);
    expect(march.netMinor).toBe(8_000);
    // The lines add up to the net (the CSV a teacher downloads).
    const csv = statementCsv(march).trim().split("\r\n");
    const amounts = csv.slice(1).map((line) => line.split(","));
    const lineTotal = amounts.filter(
      (cells) => !["gross", "refunds", "session credits", "net"].includes(cells[1]!) && !cells[1]!.startsWith("platform"),
    );
    expect(lineTotal.reduce((sum, cells) => sum + Number(cells[8]), 0) - march.platformShareMinor).toBe(march.netMinor);
    expect(csv.at(-1)).toBe("2027-03,net,,,,,,,8000,80.00,USD");

    // April: A and B's last two sessions.
    const april = await teacherStatement(section.teacherId, "2027-04", at("2027-04-02T00:00:00Z"));
    expect(april).toMatchObject({
      status: "open",
      grossMinor: 2 * (share[5]! + share[6]!),
      refundsMinor: 0,
      creditsMinor: 0,
      sessions: 2,
      seats: 2,
    });

    // Paid by hand once March is over: stored as it was.
    await expect(
      payStatement(admin, { teacherId: section.teacherId, month: "2027-04", method: "manual", reference: "x" }, at("2027-04-02T00:00:00Z")),
    ).rejects.toThrow(EARNINGS_MESSAGES.monthNotOver("April 2027"));
    const paid = await payStatement(
      admin,
      { teacherId: section.teacherId, month: "2027-03", method: "manual", reference: "BANK-0042" },
      at("2027-04-02T00:00:00Z"),
    );
    expect(paid.status).toBe("paid");
    // A refund dated in March that comes after the payment (B, recorded late) does not change the paid statement...
    await refundOrderAsAdmin(
      admin,
      { orderId: (await itemOf(b.learnerId)).orderId, reason: "Late goodwill refund" },
      at("2027-03-31T23:00:00Z"),
    );
    const frozen = await teacherStatement(section.teacherId, "2027-03", at("2027-04-03T00:00:00Z"));
    expect(frozen).toMatchObject({ status: "paid", netMinor: 8_000, grossMinor: gross, refundsMinor: refundedSeatEarned });
    expect(frozen.payment).toMatchObject({ method: "manual", reference: "BANK-0042" });
    // ... and a second payment of it is refused, nothing changed.
    await expect(
      payStatement(
        admin,
        { teacherId: section.teacherId, month: "2027-03", method: "manual", reference: "again" },
        at("2027-04-03T00:00:00Z"),
      ),
    ).rejects.toThrow(EARNINGS_MESSAGES.alreadyPaid("March 2027"));
    const stored = await db()
      .select()
      .from(earningsStatements)
      .where(and(eq(earningsStatements.teacherId, section.teacherId)));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ reference: "BANK-0042", netMinor: 8_000 });
  });

  it("a month below zero pays nothing and carries what it owes into the next months until one makes it up; paid, the carry is stored", async () => {
    const march = await weeklySection();
    const teacherId = march.teacherId;
    const admin = await insertActor(db(), "admin");
    const a = await newFamily(db(), 10_000);
    await placeOrder(a.parentId, [{ sectionId: march.id, learnerId: a.learnerId }], { now: at("2027-02-20T12:00:00Z") });
    for (const [month, paidOn] of [
      ["2027-03", "2027-04-02"],
      ["2027-04", "2027-05-02"],
    ] as const) {
      await payStatement(admin, { teacherId, month, method: "manual", reference: `BANK-${month}` }, at(`${paidOn}T00:00:00Z`));
    }
    // In May, after the class ended and was paid for, an admin refunds A's whole order: all 7 sessions' shares, $100.00.
    await refundOrderAsAdmin(admin, { orderId: (await itemOf(a.learnerId)).orderId, reason: "Goodwill" }, at("2027-05-10T12:00:00Z"));
    // July and August: a new class of the teacher's, Wednesdays 7 July to 25 August (8 sessions, 4 a month), two seats at $200.00.
    const summer = await weeklySection({ teacherId, startsOn: "2027-07-07", endsOn: "2027-08-25", priceMinor: 20_000 });
    for (const family of [await newFamily(db(), 20_000), await newFamily(db(), 20_000)]) {
      await placeOrder(family.parentId, [{ sectionId: summer.id, learnerId: family.learnerId }], { now: at("2027-06-20T12:00:00Z") });
    }

    const on = at("2027-09-02T00:00:00Z");
    // May: -$100.00 refunded, the platform's 30 % given back: -$70.00, nothing to pay, carried on.
    expect(await teacherStatement(teacherId, "2027-05", on)).toMatchObject({
      status: "nothing",
      refundsMinor: 10_000,
      platformShareMinor: -3_000,
      carriedMinor: 0,
      netMinor: -7_000,
    });
    // June: nothing earned, still owing.
    expect(await teacherStatement(teacherId, "2027-06", on)).toMatchObject({
      status: "nothing",
      grossMinor: 0,
      carriedMinor: 7_000,
      netMinor: -7_000,
    });
    // July: $400.00 earned, $280.00 the teacher's, less the $70.00 carried.
    const july = await teacherStatement(teacherId, "2027-07", on);
    expect(july).toMatchObject({ status: "unpaid", grossMinor: 20_000, platformShareMinor: 6_000, carriedMinor: 7_000, netMinor: 7_000 });
    const csv = statementCsv(july).trim().split("\r\n");
    expect(csv).toContain("2027-07,carried over from earlier months,,,,,,,-7000,-70.00,USD");
    expect(csv.at(-1)).toBe("2027-07,net,,,,,,,7000,70.00,USD");
    // Made up in July: August owes nothing more.
    expect(await teacherStatement(teacherId, "2027-08", on)).toMatchObject({ status: "unpaid", carriedMinor: 0, netMinor: 14_000 });

    // Paid, July keeps its carry (the stored net satisfies the table's check with it).
    await payStatement(admin, { teacherId, month: "2027-07", method: "manual", reference: "BANK-2027-07" }, on);
    const [stored] = await db()
      .select({ carriedMinor: earningsStatements.carriedMinor, netMinor: earningsStatements.netMinor })
      .from(earningsStatements)
      .where(and(eq(earningsStatements.teacherId, teacherId), eq(earningsStatements.month, "2027-07-01")));
    expect(stored).toEqual({ carriedMinor: 7_000, netMinor: 7_000 });
    expect(await teacherStatement(teacherId, "2027-07", on)).toMatchObject({ status: "paid", carriedMinor: 7_000, netMinor: 7_000 });
    expect(await teacherStatement(teacherId, "2027-08", on)).toMatchObject({ carriedMinor: 0, netMinor: 14_000 });
    // Below zero, a month cannot be paid.
    await expect(payStatement(admin, { teacherId, month: "2027-06", method: "manual", reference: "x" }, on)).rejects.toThrow(
      EARNINGS_MESSAGES.nothingToPay("June 2027", "-$70.00"),
    );
  });

  it("a seat refunded after a session credit: the family gets back the price less the credit, and the teacher loses no more than the seat earned", async () => {
    const section = await weeklySection();
    const teacher: Actor = { id: section.teacherId, email: "t@example.com", role: "teacher" };
    const admin = await insertActor(db(), "admin");
    const sessions = sectionSessions(section, at("2027-03-01T00:00:00Z"), at("2027-05-01T00:00:00Z")).map((s) => s.startsAt);
    const a = await newFamily(db(), 10_000);
    await placeOrder(a.parentId, [{ sectionId: section.id, learnerId: a.learnerId }], { now: at("2027-02-20T12:00:00Z") });
    // 10 March is cancelled without a make-up: A is credited $14.29 (issue 39: the value that session was bought at, the second of 10,000 over 7).
    await cancelSession(teacher, section.id, { occurrence: sessions[1]! }, at("2027-03-08T12:00:00Z"));
    expect(await creditCancelledSessions(db(), at("2027-03-14T12:00:00Z"))).toBe(1);
    expect(await balanceOf(db(), a.parentId)).toBe(1_429);

    const refund = await refundOrderAsAdmin(
      admin,
      { orderId: (await itemOf(a.learnerId)).orderId, reason: "Family moved away" },
      at("2027-03-18T12:00:00Z"),
    );
    // $100.00 paid, $14.29 credited: $85.71 refunded, so the family has its $100.00 back, not $114.29.
    expect(refund).toMatchObject({ walletMinor: 8_571, cardMinor: 0 });
    expect(refund.message).toBe(COMMERCE_MESSAGES.orderRefunded("$85.71", "$85.71", "$0.00", "$14.29"));
    expect(await balanceOf(db(), a.parentId)).toBe(10_000);
    const [audit] = await db()
      .select({ details: auditEvents.details })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "order.refund"), eq(auditEvents.targetId, (await itemOf(a.learnerId)).orderId)));
    expect(audit!.details).toMatchObject({ walletMinor: 8_571, creditedMinor: 1_429 });

    // March: the seat earned 3, 10 and 17 March (4,285); the credit deducted 1,429, the refund the other 2,856: nothing left either way.
    const share = sessionShares(10_000, 7);
    const earned = share[0]! + share[1]! + share[2]!;
    expect(await teacherStatement(section.teacherId, "2027-03", at("2027-04-02T00:00:00Z"))).toMatchObject({
      grossMinor: earned,
      creditsMinor: 1_429,
      refundsMinor: earned - 1_429,
      platformShareMinor: 0,
      netMinor: 0,
      status: "nothing",
    });
  });

  it("a paid statement's refund line, stored with only its UTC day, is dated on the reader's clock: 02:00 UTC is the day before in Los Angeles", async () => {
    const section = await weeklySection();
    const admin = await insertActor(db(), "admin");
    const [a, c] = [await newFamily(db(), 10_000), await newFamily(db(), 10_000)];
    for (const family of [a, c])
      await placeOrder(family.parentId, [{ sectionId: section.id, learnerId: family.learnerId }], { now: at("2027-02-20T12:00:00Z") });
    // C is refunded at 02:00 UTC on 18 March (after 3, 10 and 17 March): 7 PM on the 17th in Los Angeles, 7:30 AM on the 18th in Kolkata.
    await refundOrderAsAdmin(
      admin,
      { orderId: (await itemOf(c.learnerId)).orderId, reason: "Family moved away" },
      at("2027-03-18T02:00:00Z"),
    );
    await payStatement(
      admin,
      { teacherId: section.teacherId, month: "2027-03", method: "manual", reference: "BANK-7" },
      at("2027-04-02T00:00:00Z"),
    );
    // A statement paid before lines kept their instant: its stored lines have only the UTC day.
    const where = and(eq(earningsStatements.teacherId, section.teacherId), eq(earningsStatements.month, "2027-03-01"));
    const [row] = await db().select({ lines: earningsStatements.lines }).from(earningsStatements).where(where);
    const dayOnly = (row!.lines as StatementLine[]).map(({ at: _, ...line }) => line);
    expect(dayOnly.find((line) => line.kind === "refund")).toMatchObject({ date: "2027-03-18" });
    await db().update(earningsStatements).set({ lines: dayOnly }).where(where);

    const paid = await teacherStatement(section.teacherId, "2027-03", at("2027-04-03T00:00:00Z"));
    expect(paid.status).toBe("paid");
    const refund = paid.lines.find((line) => line.kind === "refund");
    expect(refund).toMatchObject({ date: "2027-03-18", at: "2027-03-18T02:00:00.000Z", sectionId: section.id });
    const refundRow = (zone: string) =>
      statementCsv(paid, zone)
        .split("\r\n")
        .find((line) => line.includes("refund deducted"));
    expect(refundRow("America/Los_Angeles")).toMatch(/^2027-03,refund deducted,2027-03-17,Pacific Time \(Los Angeles\),/);
    expect(refundRow("Asia/Kolkata")).toMatch(/^2027-03,refund deducted,2027-03-18,India Standard Time \(Kolkata\),/);
    // The month stays the rule's: the statement is still March's, its figures unchanged.
    expect(paid).toMatchObject({ month: "2027-03", refundsMinor: refund!.amountMinor });
    // The CSV each reader downloads: the teacher's on their profile's clock (New York), the admin's on theirs (none set: UTC).
    const teacher: Actor = { id: section.teacherId, email: "t@example.com", role: "teacher" };
    const downloaded = async (reader: Actor) =>
      (await statementCsvFor(reader, { month: "2027-03", teacher: String(section.teacherId) }, at("2027-04-03T00:00:00Z"))).csv
        .split("\r\n")
        .find((line) => line.includes("refund"));
    expect(await downloaded(teacher)).toMatch(/^2027-03,refund deducted,2027-03-17,Eastern Time \(New York\),/);
    expect(await downloaded(admin)).toMatch(/^2027-03,refund deducted,2027-03-18,UTC,/);
  });

  it("spreads any price over any number of sessions exactly, and rounds the platform's share half up", () => {
    for (const [price, n] of [
      [10_000, 7],
      [8_900, 36],
      [1, 3],
      [99_999, 13],
      [0, 4],
    ] as const) {
      const shares = sessionShares(price, n);
      expect(shares).toHaveLength(n);
      expect(shares.reduce((x, y) => x + y, 0)).toBe(price);
      expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
    }
    expect(platformShareOf(1_005, 30)).toBe(302); // 301.5
    expect(platformShareOf(1_001, 30)).toBe(300); // 300.3
    expect(platformShareOf(-1_001, 30)).toBe(-300);
  });
});
