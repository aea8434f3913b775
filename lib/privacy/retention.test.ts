import { randomUUID } from "node:crypto";

import { eq, inArray } from "drizzle-orm";

import { auditEvents, bookings, demoRequests, jobRuns, learners, logEvents, outbox, storedFiles } from "@/lib/platform/db/schema";
import { openTestDatabase } from "@/test/database";
import { newCourse, newParent, newTeacher } from "@/test/scheduling-fixtures";

import { runRetention } from "./retention";

/**
 * The retention job (security issue: deletion and retention) against a real database, with the
 * clock passed in: what each boundary keeps and removes, and one run a day across instances.
 */
let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());

const policy = { networkDataDays: 30, leadMonths: 12, eventMonths: 12, homeworkFileMonths: 6, keptConversationMonths: 24 };
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const now = new Date("2031-06-15T03:00:00Z");
const twelveMonthsAgo = new Date("2030-06-15T03:00:00Z");
const thirtyDaysAgo = new Date(now.getTime() - 30 * DAY);

/** A lead on the test's clock: last changed when created unless said otherwise. */
async function lead(label: string, values: Partial<typeof demoRequests.$inferInsert> & { createdAt: Date }) {
  const [row] = await database.db
    .insert(demoRequests)
    .values({
      userEmail: `${label}@example.com`,
      course: "not-sure",
      ipAddress: "198.51.100.9",
      userAgent: "agent",
      updatedAt: values.createdAt,
      ...values,
    })
    .returning({ id: demoRequests.id });
  return row!.id;
}

describe("the retention job", () => {
  it("removes what is past each period and keeps what is not, at each boundary", async () => {
    const justExpired = new Date(twelveMonthsAgo.getTime() - MINUTE);
    const justKept = new Date(twelveMonthsAgo.getTime() + MINUTE);
    const expiredNew = await lead("expired-new", { status: "new", createdAt: justExpired, updatedAt: justExpired });
    const expiredClosed = await lead("expired-closed", { status: "closed", createdAt: justExpired, updatedAt: justExpired });
    const recentClosed = await lead("recent-closed", { status: "closed", createdAt: justExpired, updatedAt: justKept });
    const oldConverted = await lead("old-converted", { status: "converted", createdAt: justExpired, updatedAt: justExpired });
    const ipExpired = await lead("ip-expired", { createdAt: new Date(thirtyDaysAgo.getTime() - MINUTE) });
    const ipKept = await lead("ip-kept", { createdAt: new Date(thirtyDaysAgo.getTime() + MINUTE) });
    await database.db.insert(auditEvents).values([
      {
        actorEmail: "support@example.com",
        action: "lead.note",
        targetType: "demo_request",
        targetId: expiredClosed,
        details: { note: "call back" },
      },
      {
        actorEmail: "support@example.com",
        action: "lead.note",
        targetType: "demo_request",
        targetId: recentClosed,
        details: { note: "kept" },
      },
    ]);
    const [deliveredMessage, pendingMessage, expiredLeadMessage] = await database.db
      .insert(outbox)
      .values([
        { topic: "demo_request.forward", dedupeKey: "delivered-1", payload: { userEmail: "a@example.com" }, deliveredAt: now },
        { topic: "demo_request.forward", dedupeKey: "pending-1", payload: { userEmail: "b@example.com" } },
        { topic: "demo_request.forward", dedupeKey: `demo_request:${expiredNew}`, payload: { userEmail: "expired-new@example.com" } },
      ])
      .returning({ id: outbox.id });
    const [oldEvent, keptEvent, ipOldEvent] = await database.db
      .insert(logEvents)
      .values([
        { eventName: "Old", createdAt: new Date(twelveMonthsAgo.getTime() - 1000), ipAddress: "198.51.100.9" },
        { eventName: "Kept", createdAt: new Date(twelveMonthsAgo.getTime() + 1000), ipAddress: "198.51.100.9", userAgent: "agent" },
        { eventName: "Recent", createdAt: new Date(thirtyDaysAgo.getTime() + MINUTE), ipAddress: "198.51.100.9", userAgent: "agent" },
      ])
      .returning({ id: logEvents.id });

    const result = await runRetention(now, policy);
    expect(result).toMatchObject({ ran: true, leadsDeleted: 2, eventsDeleted: 1, outboxPayloadsCleared: 1 });

    const leads = await database.db.select().from(demoRequests);
    const byId = new Map(leads.map((row) => [row.id, row]));
    // Unconverted and past 12 months since their last change: gone; converted ones and recent ones stay.
    expect(byId.has(expiredNew)).toBe(false);
    expect(byId.has(expiredClosed)).toBe(false);
    expect(byId.has(recentClosed)).toBe(true);
    expect(byId.has(oldConverted)).toBe(true);
    // IP address and user agent: gone after 30 days, kept before.
    expect(byId.get(ipExpired)).toMatchObject({ ipAddress: null, userAgent: null });
    expect(byId.get(ipKept)).toMatchObject({ ipAddress: "198.51.100.9", userAgent: "agent" });
    expect(byId.get(oldConverted)).toMatchObject({ ipAddress: null, userAgent: null });
    // The deleted lead's note history and its pending delivery go with it.
    const notes = await database.db.select({ targetId: auditEvents.targetId }).from(auditEvents);
    expect(notes.map((n) => n.targetId)).toEqual([recentClosed]);
    const messages = await database.db.select().from(outbox).orderBy(outbox.id);
    expect(messages.map((m) => m.id)).toEqual([deliveredMessage!.id, pendingMessage!.id]);
    expect(messages.map((m) => m.payload)).toEqual([{}, { userEmail: "b@example.com" }]);
    expect(await database.db.select().from(outbox).where(eq(outbox.id, expiredLeadMessage!.id))).toEqual([]);
    // Log events: gone after 12 months; their IP and user agent after 30 days.
    const events = await database.db
      .select()
      .from(logEvents)
      .where(inArray(logEvents.id, [oldEvent!.id, keptEvent!.id, ipOldEvent!.id]))
      .orderBy(logEvents.id);
    expect(events.map((e) => [e.eventName, e.ipAddress, e.userAgent])).toEqual([
      ["Kept", null, null],
      ["Recent", "198.51.100.9", "agent"],
    ]);
  });

  it("runs once a day: a second run the same day does nothing; the next day runs again", async () => {
    const day = new Date(now.getTime() + 10 * DAY);
    expect((await runRetention(day, policy)).ran).toBe(true);
    const kept = await lead("later", { createdAt: new Date(day.getTime() - 31 * DAY) });
    expect((await runRetention(new Date(day.getTime() + 19 * 3_600_000), policy)).ran).toBe(false);
    expect((await database.db.select().from(demoRequests).where(eq(demoRequests.id, kept)))[0]?.ipAddress).toBe("198.51.100.9");
    expect((await runRetention(new Date(day.getTime() + DAY), policy)).ran).toBe(true);
    expect((await database.db.select().from(demoRequests).where(eq(demoRequests.id, kept)))[0]?.ipAddress).toBeNull();
  });

  it("two runs at once (two instances): exactly one does the work", async () => {
    const day = new Date(now.getTime() + 20 * DAY);
    const results = await Promise.all([runRetention(day, policy), runRetention(day, policy), runRetention(day, policy)]);
    expect(results.filter((r) => r.ran)).toHaveLength(1);
    expect(await database.db.select().from(jobRuns)).toEqual([{ name: "privacy-retention", lastRunAt: day }]);
  });

  it("a lead with a demo booked signed out expires with its booking; a booking of an account's child stays", async () => {
    const day = new Date(now.getTime() + 30 * DAY);
    const old = new Date(day.getTime() - 13 * 30 * DAY);
    const teacherId = await newTeacher(database.db, "UTC", []);
    const courseId = await newCourse(database.db, teacherId);
    const parentId = await newParent(database.db);
    const [child] = await database.db.insert(learners).values({ parentId, firstName: "Ada", grade: 4 }).returning({ id: learners.id });
    const signedOutLead = await lead("booked-signed-out", { status: "new", createdAt: old, updatedAt: old });
    const attachedLead = await lead("booked-attached", { status: "closed", createdAt: old, updatedAt: old });
    const booking = (demoRequestId: string, learnerId: number | null, hour: number) => ({
      kind: "demo" as const,
      demoRequestId,
      learnerId,
      teacherId,
      courseId,
      startsAt: new Date(old.getTime() + hour * 3_600_000),
      endsAt: new Date(old.getTime() + hour * 3_600_000 + 30 * MINUTE),
      status: "attended" as const,
      token: randomUUID().replaceAll("-", ""),
    });
    const [orphan, kept] = await database.db
      .insert(bookings)
      .values([booking(signedOutLead, null, 1), booking(attachedLead, child!.id, 2)])
      .returning({ id: bookings.id });

    // Before the fix the deletion broke bookings_for_someone and every later run failed with it.
    const result = await runRetention(day, policy);
    expect(result.ran).toBe(true);
    expect(
      await database.db
        .select()
        .from(demoRequests)
        .where(inArray(demoRequests.id, [signedOutLead, attachedLead])),
    ).toEqual([]);
    expect(await database.db.select().from(bookings).where(eq(bookings.id, orphan!.id))).toEqual([]);
    const [stays] = await database.db.select().from(bookings).where(eq(bookings.id, kept!.id));
    expect(stays).toMatchObject({ learnerId: child!.id, demoRequestId: null });
  });

  it("deletes homework files past their period through the file store, and keeps newer ones", async () => {
    const at = new Date("2033-03-10T03:00:00Z");
    const sixMonthsAgo = new Date("2032-09-10T03:00:00Z");
    const parentId = await newParent(database.db);
    const [child] = await database.db.insert(learners).values({ parentId, firstName: "Ada", grade: 4 }).returning({ id: learners.id });
    const file = (createdAt: Date) => ({
      learnerId: child!.id,
      mediaType: "image/png",
      byteSize: 3,
      content: Buffer.from("png"),
      createdAt,
    });
    const rows = await database.db
      .insert(storedFiles)
      .values([file(new Date(sixMonthsAgo.getTime() - MINUTE)), file(new Date(sixMonthsAgo.getTime() + MINUTE))])
      .returning({ id: storedFiles.id });
    const result = await runRetention(at, policy);
    expect(result.homeworkFilesDeleted).toBe(1);
    const left = await database.db
      .select({ id: storedFiles.id })
      .from(storedFiles)
      .where(
        inArray(
          storedFiles.id,
          rows.map((r) => r.id),
        ),
      );
    expect(left).toEqual([{ id: rows[1]!.id }]);
  });
});
