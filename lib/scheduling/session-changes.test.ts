import { randomUUID } from "node:crypto";

import { eq } from "drizzle-orm";

import { currentOrNextSession } from "@/lib/classroom/join";
import { placeOrder } from "@/lib/commerce/checkout/checkout";
import { listEnrolments } from "@/lib/commerce/enrolments";
import type { Actor } from "@/lib/platform/auth/permissions";
import { bookings, outbox, sections, sessionChanges } from "@/lib/platform/db/schema";
import { AppError } from "@/lib/platform/errors";
import { queueDueReminders, reminderKey } from "@/lib/reactions/reminders";
import { addChild, newFamily } from "@/test/commerce-fixtures";
import { readSeriesWithOverrides } from "@/test/ical";
import { inviteFileOf, mailHarness } from "@/test/mail-harness";
import { EVERY_DAY, newCourse, newTeacher } from "@/test/scheduling-fixtures";

import { SESSION_CHANGE_MESSAGES } from "./session-change-schema";
import { cancelSession, listChangeableSessions, moveSession, withSessionChanges } from "./session-changes";
import { sectionSessionsWithChanges } from "./session-overrides";
import { sectionSessions } from "./sessions";
import { formatInstantInZone } from "./time";

/**
 * Issue 27, "one session changes, not the section": a teacher moves or cancels one session; each
 * family is told in its own zone with the seat's invite overriding that occurrence in place (same
 * UID, RECURRENCE-ID, higher SEQUENCE); every reader of sessions follows; bad moves change nothing.
 */

const { db, mail, deliver, received, emailOf } = mailHarness();

const LA = "America/Los_Angeles";
// Mondays at 18:00 in Kolkata (12:30 UTC; no daylight saving there) through March and April 2027:
// Los Angeles springs forward on Sunday 14 March 2027, between the session moved and its new time.
const FIRST_DAY = "2027-03-01";
const MOVED_OCCURRENCE = "2027-03-08T12:30:00.000Z"; // 4:30 AM PST in Los Angeles
const NEW_LOCAL = "2027-03-16T19:00"; // Tuesday 19:00 in Kolkata
const NEW_INSTANT = "2027-03-16T13:30:00.000Z"; // 6:30 AM PDT in Los Angeles

async function kolkataSection(teacherId?: number) {
  const teacher = teacherId ?? (await newTeacher(db(), "Asia/Kolkata", EVERY_DAY(8 * 60, 22 * 60)));
  const courseId = await newCourse(db(), teacher);
  const [row] = await db()
    .insert(sections)
    .values({
      courseId,
      teacherId: teacher,
      classType: "group",
      capacity: 10,
      priceMinor: 8_000,
      currency: "USD",
      startsOn: FIRST_DAY,
      endsOn: "2027-04-26",
      startMinute: 18 * 60,
      timezone: "Asia/Kolkata",
      rrule: "FREQ=WEEKLY;BYDAY=MO",
      durationMinutes: 60,
      status: "open",
    })
    .returning();
  return row!;
}

const teacherActor = (id: number): Actor => ({ id, email: `teacher-${id}@example.com`, role: "teacher" });

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("a session moved in Asia/Kolkata across the parent's daylight-saving change (America/Los_Angeles)", () => {
  it("shows the same new instant in the email, /my-courses and the .ics (ical.js), the other occurrences unchanged", async () => {
    const section = await kolkataSection();
    const family = await newFamily(db(), 8_000);
    await placeOrder(family.parentId, [{ sectionId: section.id, learnerId: family.learnerId }]);
    await deliver();
    await mail.clear();
    const [seat] = await db().select().from(bookings).where(eq(bookings.learnerId, family.learnerId));
    expect(seat!.startsAt.toISOString()).toBe(`${FIRST_DAY}T12:30:00.000Z`);

    const change = await moveSession(teacherActor(section.teacherId), section.id, { occurrence: MOVED_OCCURRENCE, startsAt: NEW_LOCAL });
    expect(change.startsAt!.toISOString()).toBe(NEW_INSTANT);
    expect(await deliver()).toEqual({ delivered: 1, failed: 0 });

    const inLosAngeles = formatInstantInZone(NEW_INSTANT, LA);
    expect(inLosAngeles).toBe("Tue, Mar 16, 2027, 6:30 AM Pacific Time (Los Angeles)");
    const [message] = await mail.messages();
    expect(message!.subject).toBe("One Test course session has moved");
    expect(message!.text).toContain(`Now: ${inLosAngeles}`);
    expect(message!.text).toContain(`Regular time: ${formatInstantInZone(MOVED_OCCURRENCE, LA)}`);
    expect(formatInstantInZone(MOVED_OCCURRENCE, LA)).toContain("4:30 AM Pacific Time (Los Angeles)");

    // The calendar: the seat's series, its UID, and the one occurrence overridden in place.
    const ics = inviteFileOf(message!);
    expect(ics).toContain("RECURRENCE-ID;TZID=Asia/Kolkata:20270308T180000");
    const series = readSeriesWithOverrides(ics, 9);
    expect(series).toMatchObject({ method: "REQUEST", uid: `${seat!.id}@localhost:3000`, sequence: 1, overrides: 1 });
    const regular = sectionSessions(section, new Date(`${FIRST_DAY}T00:00:00Z`), new Date("2027-05-01T00:00:00Z"));
    expect(regular).toHaveLength(9);
    expect(series.occurrences.map((o) => o.recurrenceId)).toEqual(regular.map((s) => s.startsAt));
    for (const [index, occurrence] of series.occurrences.entries()) {
      const expected = occurrence.recurrenceId === MOVED_OCCURRENCE ? NEW_INSTANT : regular[index]!.startsAt;
      expect(occurrence.startsAt).toBe(expected);
      expect(occurrence.status).toBe("CONFIRMED");
    }
    expect(series.occurrences[1]).toMatchObject({ startsAt: NEW_INSTANT, sequence: 1 });

    // /my-courses: the same instant in the parent's zone.
    const [enrolment] = await listEnrolments(family.parentId, LA, new Date("2027-03-02T00:00:00Z"));
    expect(enrolment!.sessionChanges).toEqual([
      `Moved: the session of ${formatInstantInZone(MOVED_OCCURRENCE, LA)} is now ${inLosAngeles}`,
    ]);
    expect(enrolment!.nextSession).toBe(formatInstantInZone("2027-03-15T12:30:00.000Z", LA));

    // The join window and the reminders follow the moved session; its room is its occurrence's.
    const [withChanges] = await withSessionChanges(db(), [section]);
    expect(currentOrNextSession(withChanges!, new Date("2027-03-08T12:00:00Z"))?.startsAt).toBe("2027-03-15T12:30:00.000Z");
    expect(currentOrNextSession(withChanges!, new Date("2027-03-16T13:25:00Z"))).toMatchObject({
      startsAt: NEW_INSTANT,
      occurrence: MOVED_OCCURRENCE,
      state: "moved",
    });
    await queueDueReminders(db(), new Date("2027-03-07T13:00:00Z"));
    await queueDueReminders(db(), new Date("2027-03-15T14:00:00Z"));
    const keys = (await db().select({ key: outbox.dedupeKey }).from(outbox)).map((row) => row.key);
    expect(keys).not.toContain(`email:${reminderKey(seat!.id, new Date(MOVED_OCCURRENCE), "24h")}`);
    expect(keys).toContain(`email:${reminderKey(seat!.id, new Date(NEW_INSTANT), "24h")}`);
  });
});

describe("cancelling one session", () => {
  it("tells the family with the occurrence cancelled in the same series, and leaves it out of the sessions held", async () => {
    const section = await kolkataSection();
    const family = await newFamily(db(), 8_000);
    await placeOrder(family.parentId, [{ sectionId: section.id, learnerId: family.learnerId }]);
    await deliver();
    await mail.clear();
    await cancelSession(teacherActor(section.teacherId), section.id, { occurrence: "2027-03-15T12:30:00.000Z" });
    expect(await deliver()).toEqual({ delivered: 1, failed: 0 });
    const [message] = await mail.messages();
    expect(message!.subject).toBe("One Test course session is cancelled");
    // The credit deadline, 72 hours after the session (SESSION_MAKEUP_DEADLINE_HOURS), in the parent's zone.
    expect(message!.text).toContain(formatInstantInZone("2027-03-18T12:30:00.000Z", LA));
    const series = readSeriesWithOverrides(inviteFileOf(message!), 4);
    expect(series.occurrences.map((o) => o.status)).toEqual(["CONFIRMED", "CONFIRMED", "CANCELLED", "CONFIRMED"]);
    // A family that enrols afterwards gets the series with that session already cancelled in it.
    const later = await newFamily(db(), 8_000);
    await placeOrder(later.parentId, [{ sectionId: section.id, learnerId: later.learnerId }]);
    await mail.clear();
    await deliver();
    const enrolment = (await received(await emailOf(later.parentId))).find((m) => m.subject === "Ada is enrolled in Test course")!;
    const enrolled = readSeriesWithOverrides(inviteFileOf(enrolment), 4);
    expect(enrolled.occurrences.map((o) => o.status)).toEqual(["CONFIRMED", "CONFIRMED", "CANCELLED", "CONFIRMED"]);

    const [withChanges] = await withSessionChanges(db(), [section]);
    const held = sectionSessionsWithChanges(withChanges!, new Date("2027-03-01T00:00:00Z"), new Date("2027-03-30T00:00:00Z"));
    expect(held.map((s) => s.startsAt)).toEqual([
      "2027-03-01T12:30:00.000Z",
      "2027-03-08T12:30:00.000Z",
      "2027-03-22T12:30:00.000Z",
      "2027-03-29T12:30:00.000Z",
    ]);
  });
});

describe("a family with several children in the class", () => {
  it("gets one message per change naming every child, its calendar file updating each child's seat", async () => {
    const section = await kolkataSection();
    const family = await newFamily(db(), 16_000);
    const second = await addChild(db(), family.parentId, "Leo");
    await placeOrder(family.parentId, [
      { sectionId: section.id, learnerId: family.learnerId },
      { sectionId: section.id, learnerId: second },
    ]);
    await deliver();
    await mail.clear();
    await cancelSession(teacherActor(section.teacherId), section.id, { occurrence: "2027-03-15T12:30:00.000Z" });
    await deliver();
    const messages = await mail.messages();
    expect(messages.map((m) => m.subject)).toEqual(["One Test course session is cancelled"]);
    expect(messages[0]!.text).toContain("which Ada and Leo are booked into");
    const seats = await db().select({ id: bookings.id }).from(bookings).where(eq(bookings.sectionId, section.id));
    const ics = inviteFileOf(messages[0]!);
    for (const seat of seats) expect(ics).toContain(`UID:${seat.id}@`);
    expect(ics.match(/BEGIN:VCALENDAR/g)).toHaveLength(1);
  });
});

describe("a move that cannot be", () => {
  it("into the past, into a time the teacher teaches or has a demo, or of someone else's section: a clear message, nothing changed", async () => {
    const section = await kolkataSection();
    const other = await kolkataSection(section.teacherId);
    await db()
      .update(sections)
      .set({ rrule: "FREQ=WEEKLY;BYDAY=TU", startMinute: 19 * 60 })
      .where(eq(sections.id, other.id));
    const teacher = teacherActor(section.teacherId);
    const occurrence = "2027-03-22T12:30:00.000Z";

    const past = await refusal(moveSession(teacher, section.id, { occurrence, startsAt: "2020-01-06T18:00" }));
    expect(past).toMatchObject({
      code: "invalid",
      message: SESSION_CHANGE_MESSAGES.timePast,
      fieldErrors: { startsAt: SESSION_CHANGE_MESSAGES.timePast },
    });

    // Tuesday 19:00 in Kolkata is the other section's class.
    const busy = await refusal(moveSession(teacher, section.id, { occurrence, startsAt: "2027-03-23T19:30" }));
    expect(busy.code).toBe("conflict");
    expect(busy.message).toBe(
      SESSION_CHANGE_MESSAGES.teacherBusy(`a class at ${formatInstantInZone("2027-03-23T13:30:00.000Z", "Asia/Kolkata")}`),
    );

    const demoFamily = await newFamily(db());
    await db()
      .insert(bookings)
      .values({
        kind: "demo",
        learnerId: demoFamily.learnerId,
        teacherId: section.teacherId,
        startsAt: new Date("2027-03-24T04:30:00Z"),
        endsAt: new Date("2027-03-24T05:00:00Z"),
        status: "confirmed",
        token: randomUUID(),
      });
    const demo = await refusal(moveSession(teacher, section.id, { occurrence, startsAt: "2027-03-24T09:45" }));
    expect(demo.message).toContain("a demo at");

    const stranger = await newTeacher(db(), "Asia/Kolkata", []);
    const notMine = await refusal(moveSession(teacherActor(stranger), section.id, { occurrence, startsAt: "2027-03-25T18:00" }));
    expect(notMine).toMatchObject({ code: "forbidden", message: SESSION_CHANGE_MESSAGES.notYourSection });
    const notMineCancel = await refusal(cancelSession(teacherActor(stranger), section.id, { occurrence }));
    expect(notMineCancel.code).toBe("forbidden");

    const notASession = await refusal(
      moveSession(teacher, section.id, { occurrence: "2027-03-23T12:30:00.000Z", startsAt: "2027-03-25T18:00" }),
    );
    expect(notASession.message).toBe(SESSION_CHANGE_MESSAGES.notASession);

    expect(await db().select().from(sessionChanges).where(eq(sessionChanges.sectionId, section.id))).toEqual([]);
    const [after] = await db().select().from(sections).where(eq(sections.id, section.id));
    expect(after!.scheduleVersion).toBe(0);

    // The same move at a free time goes through (the refusals were about the time, not the request).
    await moveSession(teacher, section.id, { occurrence, startsAt: "2027-03-25T18:00" });
    expect(await db().select().from(sessionChanges).where(eq(sessionChanges.sectionId, section.id))).toHaveLength(1);
  });
});

describe("the sessions page of a Kolkata section read by someone on Los Angeles time", () => {
  it("lists every time in the reader's zone, named, and a move typed on that clock lands at the instant meant", async () => {
    const section = await kolkataSection();
    const teacher = teacherActor(section.teacherId);
    const now = new Date("2027-03-02T00:00:00Z");
    const view = await listChangeableSessions(teacher, section.id, now, 3, LA);
    expect(view.timezone).toBe(LA);
    const moved = view.sessions.find((s) => s.occurrence === MOVED_OCCURRENCE)!;
    expect(moved.when).toBe(formatInstantInZone(MOVED_OCCURRENCE, LA));
    expect(moved.when).toContain("4:30 AM Pacific Time (Los Angeles)");
    expect(moved.local).toBe("2027-03-08T04:30");
    // Without a reader's zone: the section's own, as before.
    expect((await listChangeableSessions(teacher, section.id, now, 3)).timezone).toBe("Asia/Kolkata");

    // 6:30 AM in Los Angeles on Tuesday 16 March is 19:00 in Kolkata.
    const change = await moveSession(
      teacher,
      section.id,
      { occurrence: MOVED_OCCURRENCE, startsAt: "2027-03-16T06:30", timezone: LA },
      now,
    );
    expect(change.startsAt!.toISOString()).toBe(NEW_INSTANT);
    const unknown = await refusal(
      moveSession(teacher, section.id, { occurrence: MOVED_OCCURRENCE, startsAt: "2027-03-17T06:30", timezone: "Mars/Olympus" }, now),
    );
    expect(unknown.code).toBe("invalid");
    expect(unknown.fieldErrors).toHaveProperty("timezone");
  });
});
