import { eq } from "drizzle-orm";
import { DateTime } from "luxon";

import { bookSlotAction, listSlotsAction } from "@/app/(marketing)/book-free-demo/actions";
import { signLeadToken, verifyLeadToken, LEAD_TOKEN_MESSAGE } from "@/lib/demo-requests/lead-token";
import { auditEvents, bookings, demoRequests } from "@/lib/platform/db/schema";
import { SCHEDULING_MESSAGES } from "@/lib/scheduling/schema";
import { reactBeforeTheAnswerWith } from "@/lib/platform/events/reactions";
import { REACTIONS } from "@/lib/reactions/table";
import { openTestDatabase } from "@/test/database";
import { deliverEvents } from "@/test/events";
import { EVERY_DAY, newCourse, newDemoRequest, newTeacher } from "@/test/scheduling-fixtures";

import { FAMILY_ACTOR } from "./lead-follows-booking";
import {
  cancelDemo,
  demoCalendarFile,
  findDemoStatus,
  listRebookSlots,
  listRescheduleSlots,
  listSlotsForLead,
  rebookDemo,
  REBOOK_MESSAGES,
  rescheduleDemo,
} from "./demo-booking";

jest.mock("next/cache", () => ({ revalidatePath: jest.fn() }));

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let courseId: number;
let teacherId: number;
beforeAll(async () => {
  database = await openTestDatabase();
  // Every day 09:00-17:00 in London: open times from 12 hours ahead, whatever the day the test runs.
  teacherId = await newTeacher(database.db, "Europe/London", EVERY_DAY(9 * 60, 17 * 60));
  courseId = await newCourse(database.db, teacherId);
});
afterAll(() => database.dispose());

async function bookingsOf(demoRequestId: string) {
  return database.db
    .select({ startsAt: bookings.startsAt, status: bookings.status, token: bookings.token })
    .from(bookings)
    .where(eq(bookings.demoRequestId, demoRequestId));
}

/** Jest has a session secret, so a token is always made here (without one the route answers without it). */
function signedLeadToken(leadId: string, now?: Date): string {
  const token = signLeadToken(leadId, now);
  if (!token) throw new Error("no session secret in this test environment");
  return token;
}

describe("the lead token: the time picker's proof that the caller made the lead", () => {
  it("verifies its own lead id, and refuses a forged, altered or expired token", async () => {
    const leadId = await newDemoRequest(database.db, courseId);
    const now = new Date("2026-03-02T00:00:00Z");
    const token = signedLeadToken(leadId, now);
    expect(verifyLeadToken(token, now)).toBe(leadId);
    const other = await newDemoRequest(database.db, courseId);
    const [, expires, mac] = token.split(".");
    expect(() => verifyLeadToken(`${other}.${expires}.${mac}`, now)).toThrow(LEAD_TOKEN_MESSAGE);
    expect(() => verifyLeadToken(`${leadId}.${Number(expires) + 3600}.${mac}`, now)).toThrow(LEAD_TOKEN_MESSAGE);
    expect(() => verifyLeadToken(leadId, now)).toThrow(LEAD_TOKEN_MESSAGE);
    expect(() => verifyLeadToken(token, new Date("2026-03-02T01:00:01Z"))).toThrow(LEAD_TOKEN_MESSAGE);
  });
});

describe("the time picker's actions (signed out, for the lead just sent)", () => {
  it("lists the course's open slots by day in the family's zone, only after school and at weekends, and books the picked one for the lead", async () => {
    // A teacher in London free all day: a grade-4 family in Los Angeles sees 3 PM to 7 PM on weekdays, its daytime at weekends.
    const allDay = await newTeacher(database.db, "Europe/London", EVERY_DAY(0, 24 * 60));
    const allDayCourse = await newCourse(database.db, allDay);
    const leadId = await newDemoRequest(database.db, allDayCourse);
    const leadToken = signedLeadToken(leadId);
    const listed = await listSlotsAction({ leadToken, timezone: "America/Los_Angeles" });
    if (!listed.ok) throw new Error(listed.message);
    expect(listed.data.length).toBeGreaterThanOrEqual(13);
    for (const slot of listed.data.flatMap((day) => day.slots)) {
      const local = DateTime.fromISO(slot.startsAt, { zone: "America/Los_Angeles" });
      const [from, to] = local.weekday >= 6 ? [9, 17.5] : [15, 18.5];
      expect(local.hour + local.minute / 60).toBeGreaterThanOrEqual(from);
      expect(local.hour + local.minute / 60).toBeLessThanOrEqual(to);
    }
    const weekdayLabels = listed.data.filter((day) => !/^(Sat|Sun)/.test(day.label)).flatMap((day) => day.slots.map((s) => s.label));
    expect(new Set(weekdayLabels)).toEqual(
      new Set(["3:00 PM", "3:30 PM", "4:00 PM", "4:30 PM", "5:00 PM", "5:30 PM", "6:00 PM", "6:30 PM"]),
    );
    const [first] = listed.data[0]!.slots;
    expect(Date.parse(first!.startsAt)).toBeGreaterThanOrEqual(Date.now() + 12 * 3_600_000 - 60_000);

    const booked = await bookSlotAction({
      leadToken,
      teacherId: first!.teacherId,
      startsAt: first!.startsAt,
      timezone: "America/Los_Angeles",
    });
    if (!booked.ok) throw new Error(booked.message);
    expect(booked.data.when).toContain("Pacific Time (Los Angeles)");
    expect(await bookingsOf(leadId)).toEqual([{ startsAt: new Date(first!.startsAt), status: "confirmed", token: booked.data.token }]);

    // Held exclusively: another family picking the same time hears the message, and it is no longer offered.
    const otherLead = signedLeadToken(await newDemoRequest(database.db, allDayCourse));
    const taken = await bookSlotAction({ leadToken: otherLead, teacherId: first!.teacherId, startsAt: first!.startsAt, timezone: "UTC" });
    expect(taken).toEqual({ ok: false, message: SCHEDULING_MESSAGES.slotTaken });
    const again = await listSlotsAction({ leadToken: otherLead, timezone: "UTC" });
    expect(again.ok && again.data.flatMap((d) => d.slots.map((s) => s.startsAt))).not.toContain(first!.startsAt);
  });

  it("refuses a forged or expired lead token and an unknown zone, storing nothing", async () => {
    const leadId = await newDemoRequest(database.db, courseId);
    const forged = `${leadId}.${Math.floor(Date.now() / 1000) + 3600}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`;
    const expired = signedLeadToken(leadId, new Date(Date.now() - 2 * 3_600_000));
    const slot = { teacherId, startsAt: new Date(Date.now() + 48 * 3_600_000).toISOString().slice(0, 11) + "10:00:00Z", timezone: "UTC" };
    expect(await bookSlotAction({ leadToken: forged, ...slot })).toEqual({ ok: false, message: LEAD_TOKEN_MESSAGE });
    expect(await bookSlotAction({ leadToken: expired, ...slot })).toEqual({ ok: false, message: LEAD_TOKEN_MESSAGE });
    expect(await listSlotsAction({ leadToken: forged, timezone: "UTC" })).toEqual({ ok: false, message: LEAD_TOKEN_MESSAGE });
    expect(await listSlotsAction({ leadToken: signedLeadToken(leadId), timezone: "Mars/Olympus" })).toEqual({
      ok: false,
      message: SCHEDULING_MESSAGES.timezoneInvalid,
    });
    expect(await bookingsOf(leadId)).toEqual([]);
  });

  it("offers nothing for a lead whose course is not in the catalogue (the team calls back)", async () => {
    const leadId = await newDemoRequest(database.db, null);
    expect(await listSlotsForLead({ leadToken: signedLeadToken(leadId), timezone: "UTC" })).toEqual([]);
  });
});

describe("the status page's data and its .ics", () => {
  it("gives a stable UID, UTC times and a SEQUENCE counting reschedules; a cancelled booking cannot move", async () => {
    const leadId = await newDemoRequest(database.db, courseId);
    const now = new Date("2026-03-02T00:00:00Z");
    const token = signedLeadToken(leadId, now);
    const days = await listSlotsForLead({ leadToken: token, timezone: "UTC" }, now);
    const first = days[0]!.slots[0]!;
    // After school in the family's zone (UTC here), within the teacher's 09:00-17:00 in London.
    expect(first.startsAt).toBe("2026-03-02T15:00:00.000Z");
    const { bookSlotForLead } = await import("./demo-booking");
    const booking = await bookSlotForLead({ leadToken: token, teacherId: first.teacherId, startsAt: first.startsAt }, now);

    const status = await findDemoStatus(booking.token);
    const ics = demoCalendarFile(status!, "example.test", `https://example.test/demo/${booking.token}`);
    const unfolded = ics.replace(/\r\n[ \t]/g, "");
    expect(unfolded).toContain(`UID:${booking.id}@example.test`);
    expect(unfolded).toContain("DTSTART:20260302T150000Z");
    expect(unfolded).toContain("DTEND:20260302T153000Z");
    expect(unfolded).toContain("SEQUENCE:0");
    expect(unfolded).toContain("SUMMARY:Free demo: Test course");

    const others = await listRescheduleSlots({ bookingToken: booking.token, timezone: "UTC" }, now);
    expect(others.flatMap((d) => d.slots.map((s) => s.startsAt))).not.toContain(first.startsAt);
    await rescheduleDemo(booking.token, "2026-03-03T10:00:00Z", now);
    const moved = demoCalendarFile((await findDemoStatus(booking.token))!, "example.test", "https://example.test/x").replace(
      /\r\n[ \t]/g,
      "",
    );
    expect(moved).toContain(`UID:${booking.id}@example.test`);
    expect(moved).toContain("DTSTART:20260303T100000Z");
    expect(moved).toContain("SEQUENCE:1");

    await cancelDemo(booking.token);
    expect((await findDemoStatus(booking.token))!.booking.status).toBe("cancelled");
    await expect(rescheduleDemo(booking.token, "2026-03-04T10:00:00Z", now)).rejects.toThrow(SCHEDULING_MESSAGES.bookingCancelled);
    expect(await findDemoStatus("no-such-token-aaaaaaaaaaaa")).toBeNull();
  });

  it("books a cancelled demo again from its status page: the same request and course, a new booking; a live one is moved instead (issue 31)", async () => {
    const leadId = await newDemoRequest(database.db, courseId);
    const now = new Date("2026-03-09T00:00:00Z");
    const { bookSlotForLead } = await import("./demo-booking");
    const leadToken = signedLeadToken(leadId, now);
    const first = (await listSlotsForLead({ leadToken, timezone: "UTC" }, now))[0]!.slots[0]!;
    const booking = await bookSlotForLead({ leadToken, teacherId: first.teacherId, startsAt: first.startsAt }, now);
    const again = { bookingToken: booking.token, teacherId: first.teacherId, startsAt: "2026-03-10T16:00:00Z" };
    await expect(rebookDemo(again, now)).rejects.toThrow(REBOOK_MESSAGES.stillBooked);
    await expect(listRebookSlots({ bookingToken: booking.token, timezone: "UTC" }, now)).rejects.toThrow(REBOOK_MESSAGES.stillBooked);

    await cancelDemo(booking.token);
    const times = await listRebookSlots({ bookingToken: booking.token, timezone: "UTC" }, now);
    expect(times.flatMap((day) => day.slots.map((slot) => slot.startsAt))).toContain("2026-03-10T16:00:00.000Z");
    const rebooked = await rebookDemo(again, now);
    expect(rebooked).toMatchObject({ demoRequestId: leadId, courseId, status: "confirmed", startsAt: "2026-03-10T16:00:00.000Z" });
    expect(rebooked.token).not.toBe(booking.token);
    expect((await bookingsOf(leadId)).map((row) => row.status).sort()).toEqual(["cancelled", "confirmed"]);
    // The request follows its bookings by their events' reaction (lib/reactions/table.ts), here the outbox's.
    await deliverEvents(database.db);
    const [lead] = await database.db.select({ status: demoRequests.status }).from(demoRequests).where(eq(demoRequests.id, leadId));
    expect(lead!.status).toBe("demo_scheduled");
    await expect(rebookDemo({ ...again, bookingToken: "no-such-token-aaaaaaaaaaaa" }, now)).rejects.toThrow("That booking does not exist.");
  });
});

describe("the lead follows the family's own booking (issue 17: demo scheduled means a real time)", () => {
  // As the server's start does: the lead's reaction runs before the picker's answer too.
  beforeAll(() => reactBeforeTheAnswerWith(REACTIONS));
  afterAll(() => reactBeforeTheAnswerWith(undefined));

  async function leadOf(id: string) {
    const [row] = await database.db
      .select({ status: demoRequests.status, firstContactedAt: demoRequests.firstContactedAt })
      .from(demoRequests)
      .where(eq(demoRequests.id, id));
    return row!;
  }

  it("moves to demo scheduled when the family picks a time, and back to new when it cancels (nobody had called)", async () => {
    const leadId = await newDemoRequest(database.db, courseId);
    const leadToken = signedLeadToken(leadId);
    const listed = await listSlotsAction({ leadToken, timezone: "UTC" });
    if (!listed.ok) throw new Error(listed.message);
    const slot = listed.data[0]!.slots[0]!;
    const booked = await bookSlotAction({ leadToken, teacherId: slot.teacherId, startsAt: slot.startsAt, timezone: "UTC" });
    if (!booked.ok) throw new Error(booked.message);
    // The family booked itself: no one on the team has contacted it yet.
    expect(await leadOf(leadId)).toEqual({ status: "demo_scheduled", firstContactedAt: null });

    // Cancelled by a direct call (no action's answer to run before): the outbox's delivery makes the lead follow.
    await cancelDemo(booked.data.token);
    await deliverEvents(database.db);
    expect(await leadOf(leadId)).toEqual({ status: "new", firstContactedAt: null });
    const audit = await database.db
      .select({ actorEmail: auditEvents.actorEmail, action: auditEvents.action, details: auditEvents.details })
      .from(auditEvents)
      .where(eq(auditEvents.targetId, leadId))
      .orderBy(auditEvents.id);
    expect(audit.map((a) => [a.actorEmail, a.action, (a.details as { to?: string }).to])).toEqual([
      [FAMILY_ACTOR.email, "lead.demo_booked", undefined],
      [FAMILY_ACTOR.email, "lead.status", "demo_scheduled"],
      [FAMILY_ACTOR.email, "lead.demo_cancelled", undefined],
      [FAMILY_ACTOR.email, "lead.status", "new"],
    ]);
  });
});
