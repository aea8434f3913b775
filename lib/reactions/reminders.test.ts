import { randomUUID } from "node:crypto";

import { eq, like } from "drizzle-orm";

import { placeOrder } from "@/lib/commerce/checkout/checkout";
import { bookings, demoRequests, outbox, sections, users } from "@/lib/platform/db/schema";
import { sectionSessions } from "@/lib/scheduling/sessions";
import { newFamily, newSection } from "@/test/commerce-fixtures";
import { mailHarness } from "@/test/mail-harness";
import { EVERY_DAY, newCourse, newTeacher } from "@/test/scheduling-fixtures";

import { dueReminder, queueDueReminders } from "./reminders";

/**
 * Issue 19: reminders 24 hours and 1 hour before each session, sent exactly once even with two
 * instances scanning and delivering at the same moment, on a fake clock; none for a cancelled booking.
 */
const HOUR = 3_600_000;

const { db, mail, deliver, received } = mailHarness();

/** Two app instances at the same instant: each scans, then each delivers. */
async function twoWorkers(now: Date) {
  await Promise.all([queueDueReminders(db(), now), queueDueReminders(db(), now)]);
  await Promise.all([deliver(now), deliver(now)]);
}

async function demoBooking(startsAt: Date, status: "confirmed" | "cancelled", email: string) {
  const teacherId = await newTeacher(db(), "Europe/London", EVERY_DAY(0, 24 * 60 - 30));
  const courseId = await newCourse(db(), teacherId);
  const [request] = await db()
    .insert(demoRequests)
    .values({ userEmail: email, course: String(courseId), courseId, grade: 3, name: "Sam" })
    .returning({ id: demoRequests.id });
  const [booking] = await db()
    .insert(bookings)
    .values({
      kind: "demo",
      demoRequestId: request!.id,
      teacherId,
      courseId,
      startsAt,
      endsAt: new Date(startsAt.getTime() + HOUR / 2),
      status,
      token: randomUUID(),
      timezone: "Europe/London",
    })
    .returning({ id: bookings.id, token: bookings.token });
  return booking!;
}

describe("session reminders", () => {
  it("are due at 24 h and 1 h before, only the nearest one when late, and not for a booking made after its time", () => {
    const start = new Date("2030-01-10T16:00:00Z");
    const booked = new Date("2030-01-01T00:00:00Z");
    expect(dueReminder(start, booked, new Date(start.getTime() - 25 * HOUR))).toBeNull();
    expect(dueReminder(start, booked, new Date(start.getTime() - 24 * HOUR))).toBe("24h");
    expect(dueReminder(start, booked, new Date(start.getTime() - 2 * HOUR))).toBe("24h");
    expect(dueReminder(start, booked, new Date(start.getTime() - HOUR))).toBe("1h");
    expect(dueReminder(start, booked, start)).toBeNull();
    // Booked 3 hours before: no "24 hours" reminder, the 1-hour one still.
    const late = new Date(start.getTime() - 3 * HOUR);
    expect(dueReminder(start, late, new Date(start.getTime() - 2 * HOUR))).toBeNull();
    expect(dueReminder(start, late, new Date(start.getTime() - HOUR))).toBe("1h");
  });

  it("go once each to the family of a demo, with two workers at once, and never for a cancelled one", async () => {
    await mail.clear();
    const start = new Date(Math.ceil((Date.now() + 3 * 24 * HOUR) / HOUR) * HOUR);
    const demo = await demoBooking(start, "confirmed", "demo.family@example.com");
    await demoBooking(start, "cancelled", "cancelled.family@example.com");
    const at = (hoursBefore: number) => new Date(start.getTime() - hoursBefore * HOUR);

    await twoWorkers(at(25));
    expect(await received("demo.family@example.com")).toHaveLength(0);

    await twoWorkers(at(24));
    let messages = await received("demo.family@example.com");
    expect(messages.map((m) => m.subject)).toEqual([
      expect.stringMatching(/^Tomorrow: Free demo: Test course, .+ United Kingdom Time \(London\)$/),
    ]);
    expect(messages[0]!.text).toContain(`http://localhost:3000/demo/${demo.token}`);
    expect(messages[0]!.text).toContain("Teacher: Teacher");

    // Later scans, by either worker, send nothing more until the 1-hour mark.
    await twoWorkers(at(23));
    await twoWorkers(at(2));
    expect(await received("demo.family@example.com")).toHaveLength(1);

    await twoWorkers(at(1));
    await twoWorkers(at(0.5));
    messages = await received("demo.family@example.com");
    expect(messages.map((m) => m.subject)).toEqual([
      expect.stringMatching(/^Tomorrow: /),
      expect.stringMatching(/^In 1 hour: Free demo: /),
    ]);
    expect(new Set(messages.map((m) => m.messageId)).size).toBe(2);
    expect(await received("cancelled.family@example.com")).toHaveLength(0);
    // One outbox row per (booking, session, kind): nothing queued twice.
    const rows = await db()
      .select()
      .from(outbox)
      .where(like(outbox.dedupeKey, `email:reminder:${demo.id}:%`));
    expect(rows.map((r) => r.dedupeKey).sort()).toEqual([
      `email:reminder:${demo.id}:${start.toISOString()}:1h`,
      `email:reminder:${demo.id}:${start.toISOString()}:24h`,
    ]);
  });

  it("go once each before every session of an enrolled section, without a meeting link (My courses' Join is the way in), and stop when the seat is cancelled", async () => {
    await mail.clear();
    const sectionId = await newSection(db(), { priceMinor: 5_000 });
    await db().update(sections).set({ meetingUrl: "https://meet.example.org/ada-class" }).where(eq(sections.id, sectionId));
    const family = await newFamily(db(), 5_000);
    const { orderId } = await placeOrder(family.parentId, [{ sectionId, learnerId: family.learnerId }]);
    expect(orderId).toBeTruthy();
    // The enrolment email (the seat.confirmed event's) is not what this test reads: sent and set aside.
    await deliver();
    await mail.clear();
    const [parent] = await db().select({ email: users.email }).from(users).where(eq(users.id, family.parentId));
    const [seat] = await db().select().from(bookings).where(eq(bookings.sectionId, sectionId));
    const [section] = await db().select().from(sections).where(eq(sections.id, sectionId));
    // The second and third sessions: far enough ahead that the seat existed at their 24-hour mark.
    const [, second, third] = sectionSessions(section!, seat!.startsAt, new Date(seat!.startsAt.getTime() + 30 * 24 * HOUR));
    const secondStart = new Date(second!.startsAt);
    const thirdStart = new Date(third!.startsAt);

    for (const hoursBefore of [24, 12, 1, 0.25]) await twoWorkers(new Date(secondStart.getTime() - hoursBefore * HOUR));
    let messages = await received(parent!.email);
    expect(messages.map((m) => m.subject)).toEqual([
      expect.stringMatching(/^Tomorrow: Test course, .+ Pacific Time \(Los Angeles\)$/),
      expect.stringMatching(/^In 1 hour: Test course, /),
    ]);
    expect(messages[1]!.text).toContain("Ada's class starts in about an hour.");
    // A mailed link would outlive the seat (issue 26): the reminder sends the family to My courses.
    expect(messages[1]!.text).toContain("My courses has the Join button, from 10 minutes before the start.");
    expect(messages.map((m) => m.text).join()).not.toContain("meet.example.org");

    // The next session has its own pair; once cancelled, the seat has none.
    await twoWorkers(new Date(thirdStart.getTime() - 24 * HOUR));
    expect(await received(parent!.email)).toHaveLength(3);
    await db().update(bookings).set({ status: "cancelled" }).where(eq(bookings.id, seat!.id));
    await twoWorkers(new Date(thirdStart.getTime() - HOUR));
    messages = await received(parent!.email);
    expect(messages).toHaveLength(3);
  });
});
