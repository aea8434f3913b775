import { eq, like } from "drizzle-orm";
import type { ParsedMail } from "mailparser";

import { bookSlotAction, listSlotsAction } from "@/app/(marketing)/book-free-demo/actions";
import { signLeadToken } from "@/lib/demo-requests/lead-token";
import { EMAIL_TOPIC } from "@/lib/notifications/email";
import { DEMO_REPLY_PROMISE } from "@/lib/notifications/messages/demo-request-received";
import { bookingHistory, bookings, outbox, users } from "@/lib/platform/db/schema";
import { backoffMs } from "@/lib/platform/outbox/outbox";
import { rescheduleBooking } from "@/lib/scheduling/bookings";
import { jsonRequest } from "@/test/database";
import { inviteOf, mailHarness, to } from "@/test/mail-harness";
import { EVERY_DAY, newCourse, newTeacher } from "@/test/scheduling-fixtures";

import { cancelDemo, rescheduleDemo } from "@/lib/demo-requests/demo-booking";

import { bookingMail } from "./booking-mail";

jest.mock("next/cache", () => ({ revalidatePath: jest.fn() }));

// A switch that fails the causing transaction right after its event is written.
let failAfterEmit = false;
jest.mock("@/lib/platform/events/events", () => {
  const actual = jest.requireActual<typeof import("@/lib/platform/events/events")>("@/lib/platform/events/events");
  return {
    ...actual,
    emit: async (...args: Parameters<typeof actual.emit>) => {
      await actual.emit(...args);
      if (failAfterEmit) throw new Error("the change failed after its messages were queued");
    },
  };
});
afterEach(() => {
  failAfterEmit = false;
});

let courseId: number;
let teacherId: number;
let teacherEmail: string;

// Every booking change writes its event; deliver() runs its handlers (lib/reactions/table.ts), then sends.
const { db, mail, deliver } = mailHarness();

beforeAll(async () => {
  // Every day 09:00-17:00 in London: open times from 12 hours ahead, whatever the day the test runs.
  // All day: a family's picker offers only the hours that suit children in its zone (after school, weekends).
  teacherId = await newTeacher(db(), "Europe/London", EVERY_DAY(0, 24 * 60));
  courseId = await newCourse(db(), teacherId);
  const [teacher] = await db().select({ email: users.email }).from(users).where(eq(users.id, teacherId));
  teacherEmail = teacher!.email;
});

/** Where the message's text/calendar parts sit: beside text and HTML ("alternative"), or attached. */
function calendarParts(message: ParsedMail): string[] {
  return message.attachments
    .filter((a) => a.contentType === "text/calendar" || a.contentType === "application/ics")
    .map((a) => `${a.contentDisposition === "attachment" ? "attachment" : "alternative"} ${a.contentType} ${a.filename ?? ""}`.trim())
    .sort();
}

/** A family sends the demo form for the test course, as the browser does. */
async function sendDemoForm(email: string) {
  const { POST } = await import("@/app/api/book-free-demo/route");
  const response = await POST(jsonRequest("/api/book-free-demo", { userEmail: email, name: "Sam", course: String(courseId), grade: 4 }));
  expect(response.status).toBe(201);
  const { id } = (await response.json()) as { id: string };
  const leadToken = signLeadToken(id);
  if (!leadToken) throw new Error("no session secret in this test environment");
  return { id, leadToken };
}

describe("the demo flow's email, through the outbox to a real SMTP server", () => {
  it("sends each message once to each reader, in the reader's zone, with invites that keep one UID", async () => {
    await mail.clear();
    const { leadToken } = await sendDemoForm("family@example.com");

    // The request: one message, with SPEC 9's promise.
    expect(await deliver()).toEqual({ delivered: 1, failed: 0 });
    let messages = await mail.messages();
    expect(messages.map((m) => [to(m), m.subject])).toEqual([["family@example.com", "We received your free demo request"]]);
    expect(messages[0]!.text).toContain(DEMO_REPLY_PROMISE);
    expect(messages[0]!.html).toContain(DEMO_REPLY_PROMISE);

    // Booked in Los Angeles: the family reads its own zone, the teacher London's.
    const listed = await listSlotsAction({ leadToken, timezone: "America/Los_Angeles" });
    if (!listed.ok) throw new Error(listed.message);
    const [first, second] = listed.data.flatMap((d) => d.slots);
    const booked = await bookSlotAction({ leadToken, teacherId, startsAt: first!.startsAt, timezone: "America/Los_Angeles" });
    if (!booked.ok) throw new Error(booked.message);
    const [booking] = await db().select().from(bookings).where(eq(bookings.token, booked.data.token));
    expect(booking!.timezone).toBe("America/Los_Angeles");
    expect(await deliver()).toEqual({ delivered: 2, failed: 0 });
    messages = (await mail.messages()).slice(1);
    const toFamily = messages.find((m) => to(m) === "family@example.com")!;
    const toTeacher = messages.find((m) => to(m) === teacherEmail)!;
    expect(toFamily.subject).toMatch(/^Your free demo is booked: .+ Pacific Time \(Los Angeles\)$/);
    expect(toFamily.text).toContain(`http://localhost:3000/demo/${booked.data.token}`);
    expect(toFamily.text).toContain("Test course");
    expect(toTeacher.subject).toMatch(/^New free demo: .+ United Kingdom Time \(London\)$/);
    // The teacher hears the grade, never the family's address.
    expect(toTeacher.text).toContain("Grade: 4");
    expect(toTeacher.text).not.toContain("family@example.com");
    const uid = `${booking!.id}@localhost:3000`;
    for (const message of [toFamily, toTeacher]) {
      expect(inviteOf(message)).toMatchObject({ method: "REQUEST", uid, sequence: 0, startsAt: first!.startsAt, status: "CONFIRMED" });
      // And as the text/calendar part of the alternatives, which calendars act on.
      expect(calendarParts(message)).toEqual(["alternative text/calendar", "attachment application/ics invite.ics"]);
    }
    expect(inviteOf(toFamily).attendee).toBe("mailto:family@example.com");

    // Moved: the same UID, a higher SEQUENCE, the new time.
    await rescheduleDemo(booked.data.token, second!.startsAt);
    expect(await deliver()).toEqual({ delivered: 2, failed: 0 });
    messages = (await mail.messages()).slice(3);
    expect(messages.map((m) => m.subject).sort()).toEqual([
      expect.stringMatching(/^Free demo moved to /),
      expect.stringMatching(/^Your free demo has moved to .+ Pacific Time \(Los Angeles\)$/),
    ]);
    for (const message of messages) {
      expect(inviteOf(message)).toMatchObject({ method: "REQUEST", uid, sequence: 1, startsAt: second!.startsAt });
      expect(message.text).toMatch(/Was: /);
    }

    // Cancelled: METHOD:CANCEL for the same UID, SEQUENCE raised again.
    await cancelDemo(booked.data.token);
    await cancelDemo(booked.data.token);
    expect(await deliver()).toEqual({ delivered: 2, failed: 0 });
    messages = (await mail.messages()).slice(5);
    expect(messages.map((m) => [to(m), m.subject]).sort()).toEqual(
      [
        ["family@example.com", "Your free demo is cancelled"],
        [teacherEmail, expect.stringMatching(/^Free demo cancelled: /)],
      ].sort(),
    );
    for (const message of messages) {
      expect(inviteOf(message)).toMatchObject({ method: "CANCEL", uid, sequence: 2, status: "CANCELLED" });
    }

    // Seven messages in all, each Message-ID once: nothing sent twice.
    const all = await mail.messages();
    expect(all).toHaveLength(7);
    expect(new Set(all.map((m) => m.messageId)).size).toBe(7);
    expect(await deliver(new Date(Date.now() + 86_400_000))).toEqual({ delivered: 0, failed: 0 });
  });

  it("keeps no message of a change that rolled back", async () => {
    await db().delete(outbox);
    const { leadToken } = await sendDemoForm("rollback@example.com");
    const listed = await listSlotsAction({ leadToken, timezone: "UTC" });
    if (!listed.ok) throw new Error(listed.message);
    const slots = listed.data.flatMap((d) => d.slots);
    const booked = await bookSlotAction({ leadToken, teacherId, startsAt: slots[0]!.startsAt, timezone: "UTC" });
    if (!booked.ok) throw new Error(booked.message);
    const queued = (await db().select().from(outbox)).length;

    // The move's event (its messages to come) is written, then the transaction fails: the move and its event are gone together.
    failAfterEmit = true;
    await expect(rescheduleBooking({ token: booked.data.token, startsAt: slots[1]!.startsAt }, { actorId: null })).rejects.toThrow(
      "the change failed",
    );
    failAfterEmit = false;
    expect(await db().select().from(outbox)).toHaveLength(queued);
    const [booking] = await db().select().from(bookings).where(eq(bookings.token, booked.data.token));
    expect(booking!.startsAt.toISOString()).toBe(slots[0]!.startsAt);

    // A slot someone else holds: refused, and nothing queued for the refused family.
    const other = await sendDemoForm("second@example.com");
    const before = (await db().select().from(outbox)).length;
    const refused = await bookSlotAction({ leadToken: other.leadToken, teacherId, startsAt: slots[0]!.startsAt, timezone: "UTC" });
    expect(refused.ok).toBe(false);
    expect(await db().select().from(outbox)).toHaveLength(before);
  });

  it("keeps every message through an SMTP outage and delivers each once when the server is back", async () => {
    await db().delete(outbox);
    await mail.clear();
    for (const email of ["a@example.com", "b@example.com", "c@example.com"]) await sendDemoForm(email);

    await mail.stop();
    let now = new Date();
    const down = await deliver(now);
    expect(down).toEqual({ delivered: 0, failed: 3 });
    const rows = await db().select().from(outbox).where(eq(outbox.topic, EMAIL_TOPIC));
    expect(rows.every((r) => r.deliveredAt === null && r.attempts === 1 && r.lastError !== null)).toBe(true);

    await mail.start();
    // Not before the backoff: then all three, once.
    expect(await deliver(now)).toEqual({ delivered: 0, failed: 0 });
    now = new Date(now.getTime() + backoffMs(1) + 1000);
    expect(await deliver(now)).toEqual({ delivered: 3, failed: 0 });
    expect(await deliver(new Date(now.getTime() + 86_400_000))).toEqual({ delivered: 0, failed: 0 });
    const received = await mail.messages();
    expect(received.map(to).sort()).toEqual(["a@example.com", "b@example.com", "c@example.com"]);
    expect(new Set(received.map((m) => m.messageId)).size).toBe(3);
  });

  it("queues one message to each reader however often a change's event is delivered", async () => {
    await db().delete(outbox);
    await mail.clear();
    const { leadToken } = await sendDemoForm("twice@example.com");
    const listed = await listSlotsAction({ leadToken, timezone: "UTC" });
    if (!listed.ok) throw new Error(listed.message);
    const [slot] = listed.data.flatMap((d) => d.slots);
    const booked = await bookSlotAction({ leadToken, teacherId, startsAt: slot!.startsAt, timezone: "UTC" });
    if (!booked.ok) throw new Error(booked.message);
    const [booking] = await db().select().from(bookings).where(eq(bookings.token, booked.data.token));
    const [history] = await db().select({ id: bookingHistory.id }).from(bookingHistory).where(eq(bookingHistory.bookingId, booking!.id));
    const event = { bookingId: booking!.id, historyId: history!.id };

    // Twice by hand, then once more by the delivery itself.
    await bookingMail.booked.handle(db(), event);
    await bookingMail.booked.handle(db(), event);
    const queued = await db()
      .select()
      .from(outbox)
      .where(like(outbox.dedupeKey, `email:booking:${booking!.id}:%`));
    expect(queued.map((row) => row.dedupeKey).sort()).toEqual([
      `email:booking:${booking!.id}:${history!.id}:parent`,
      `email:booking:${booking!.id}:${history!.id}:teacher`,
    ]);
    // The request's message and the booking's two: nothing more.
    expect(await deliver()).toEqual({ delivered: 3, failed: 0 });
    expect((await mail.messages()).map(to).sort()).toEqual(["twice@example.com", "twice@example.com", teacherEmail].sort());
  });
});
