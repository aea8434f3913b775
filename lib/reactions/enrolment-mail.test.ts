import { eq, getTableName, isNull, type Table } from "drizzle-orm";

import { placeOrder } from "@/lib/commerce/checkout/checkout";
import type { Database } from "@/lib/platform/db/client";
import { bookings, outbox, sections } from "@/lib/platform/db/schema";
import { backoffMs } from "@/lib/platform/outbox/outbox";
import { sectionSessions } from "@/lib/scheduling/sessions";
import { addChild, newFamily, newSection } from "@/test/commerce-fixtures";
import { markReactionsUndelivered } from "@/test/events";
import { confirmHeldSeat, heldSeatInOrder } from "@/test/seat-fixtures";
import { mailHarness, recurringInviteOf, to } from "@/test/mail-harness";

import { enqueueEnrolmentMail, enrolmentMail } from "./enrolment-mail";
import { describeSchedule } from "./seat-invite";

/**
 * Issue 19: a confirmed seat tells the parent (with the section's recurring invite, UID per seat)
 * and the teacher (first name and grade only), once each, whichever commerce path confirmed it.
 */

const { db, mail, deliver, received, emailOf } = mailHarness();

describe("enrolment email", () => {
  it("sends the parent one confirmation with a recurring invite in the section's zone, and the teacher one notice", async () => {
    await mail.clear();
    const sectionId = await newSection(db(), { priceMinor: 5_000 });
    const family = await newFamily(db(), 5_000);
    await placeOrder(family.parentId, [{ sectionId, learnerId: family.learnerId }]);
    expect(await deliver()).toEqual({ delivered: 2, failed: 0 });
    expect(await deliver()).toEqual({ delivered: 0, failed: 0 });

    const [section] = await db().select().from(sections).where(eq(sections.id, sectionId));
    const [seat] = await db().select().from(bookings).where(eq(bookings.sectionId, sectionId));
    const parentEmail = await emailOf(family.parentId);
    const teacherEmail = await emailOf(section!.teacherId);
    const messages = await mail.messages();
    expect(messages.map((m) => [to(m), m.subject]).sort()).toEqual(
      [
        [parentEmail, "Ada is enrolled in Test course"],
        [teacherEmail, "A new learner booked into your section: Test course"],
      ].sort(),
    );
    const toParent = messages.find((m) => to(m) === parentEmail)!;
    const toTeacher = messages.find((m) => to(m) === teacherEmail)!;
    // Issue 31: the family's clock (Los Angeles), not the section's (New York), in both lines.
    expect(toParent.text).toContain("Schedule: Weekly on Monday and Thursday at 1:00 PM Pacific Time (Los Angeles)");
    expect(toParent.text).toMatch(/First session: .+ 1:00 PM Pacific Time \(Los Angeles\)/);
    expect(toParent.text).not.toContain("New York");
    // The teacher learns the first name and grade, nothing more of the family.
    expect(toTeacher.text).toContain("Learner: Ada");
    expect(toTeacher.text).toContain("Grade: 5");
    expect(toTeacher.text).not.toContain(parentEmail);
    expect(toTeacher.attachments).toHaveLength(0);
    // Message-IDs from the seat's keys, as when these messages were rendered at checkout.
    expect([toParent.messageId, toTeacher.messageId]).toEqual([
      `<email.seat.${seat!.id}.confirmed.parent@localhost>`,
      `<email.seat.${seat!.id}.confirmed.teacher@localhost>`,
    ]);

    const invite = recurringInviteOf(toParent, 40);
    expect(invite).toMatchObject({
      method: "REQUEST",
      uid: `${seat!.id}@localhost:3000`,
      sequence: 0,
      rrule: "FREQ=WEEKLY;BYDAY=MO,TH",
      tzid: "America/New_York",
      durationMinutes: 60,
    });
    // The calendar's sessions are the section's own, through the clock changes of the next months.
    const expected = sectionSessions(section!, seat!.startsAt, new Date(seat!.startsAt.getTime() + 200 * 86_400_000)).slice(0, 40);
    expect(invite.occurrences).toEqual(expected.map((s) => s.startsAt));
  });

  it("stops the invite on the section's last day and tells of a seat the card payment confirms, once", async () => {
    await mail.clear();
    const sectionId = await newSection(db(), { priceMinor: 5_000 });
    const lastDay = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
    await db().update(sections).set({ endsOn: lastDay }).where(eq(sections.id, sectionId));
    const family = await newFamily(db());
    // As the card webhook does: the seat is held at checkout, then confirmed when the payment comes.
    const held = await heldSeatInOrder(db(), sectionId, family);
    const seatId = held.seatId;
    expect(await deliver()).toEqual({ delivered: 0, failed: 0 });
    for (let i = 0; i < 2; i += 1) await db().transaction((tx) => confirmHeldSeat(tx, held, family.parentId, sectionId));
    expect(await deliver()).toEqual({ delivered: 2, failed: 0 });

    const parentEmail = await emailOf(family.parentId);
    const toParent = (await mail.messages()).find((m) => to(m) === parentEmail)!;
    const invite = recurringInviteOf(toParent, 100);
    expect(invite.rrule).toMatch(/^FREQ=WEEKLY;BYDAY=MO,TH;UNTIL=/);
    const [section] = await db().select().from(sections).where(eq(sections.id, sectionId));
    const [seat] = await db().select().from(bookings).where(eq(bookings.id, seatId));
    const all = sectionSessions(section!, seat!.startsAt, new Date(seat!.startsAt.getTime() + 400 * 86_400_000));
    expect(invite.occurrences).toEqual(all.map((s) => s.startsAt));
    expect(all.length).toBeLessThan(20);
  });

  it("delivered twice (a crash before the first delivery was recorded), or its handler run twice: one message each", async () => {
    await mail.clear();
    const sectionId = await newSection(db(), { priceMinor: 5_000 });
    const family = await newFamily(db(), 5_000);
    await placeOrder(family.parentId, [{ sectionId, learnerId: family.learnerId }]);
    expect(await deliver()).toEqual({ delivered: 2, failed: 0 });
    expect(await markReactionsUndelivered(db(), "seat.confirmed", "enrolment-mail")).toBeGreaterThan(0);
    expect(await deliver()).toEqual({ delivered: 0, failed: 0 });

    const [seat] = await db().select({ id: bookings.id }).from(bookings).where(eq(bookings.sectionId, sectionId));
    await enrolmentMail.handle(db(), { bookingIds: [seat!.id] });
    await enrolmentMail.handle(db(), { bookingIds: [seat!.id] });
    expect(await deliver()).toEqual({ delivered: 0, failed: 0 });
    expect((await mail.messages()).map((m) => m.messageId).sort()).toEqual([
      `<email.seat.${seat!.id}.confirmed.parent@localhost>`,
      `<email.seat.${seat!.id}.confirmed.teacher@localhost>`,
    ]);
  });

  it("describes a section's pattern in the reader's zone, days moving across midnight with it", () => {
    const at = new Date("2026-03-18T12:00:00Z");
    expect(
      describeSchedule({ rrule: "FREQ=WEEKLY;BYDAY=TU", startMinute: 9 * 60 + 30, timezone: "Europe/London" }, "Europe/London", at),
    ).toBe("Weekly on Tuesday at 9:30 AM United Kingdom Time (London)");
    expect(describeSchedule({ rrule: "FREQ=WEEKLY;BYDAY=MO,WE,FR", startMinute: 17 * 60, timezone: "Asia/Tokyo" }, "Asia/Tokyo", at)).toBe(
      "Weekly on Monday, Wednesday, and Friday at 5:00 PM Japan Standard Time (Tokyo)",
    );
    // 9:00 PM Monday and Thursday in New York is 10:00 AM Tuesday and Friday in Tokyo.
    expect(
      describeSchedule({ rrule: "FREQ=WEEKLY;BYDAY=MO,TH", startMinute: 21 * 60, timezone: "America/New_York" }, "Asia/Tokyo", at),
    ).toBe("Weekly on Tuesday and Friday at 10:00 AM Japan Standard Time (Tokyo)");
  });
});

describe("enrolment email rendered at delivery (the checkout's transaction only records it)", () => {
  /** The database, noting every select (by table) and every insert made through it. */
  function countingTx() {
    const reads: string[] = [];
    let inserts = 0;
    const tx = {
      select: ((...args: Parameters<Database["select"]>) => {
        const builder = db().select(...args);
        const from = builder.from.bind(builder);
        builder.from = ((table: Parameters<typeof from>[0]) => {
          reads.push(getTableName(table as Table));
          return from(table);
        }) as typeof builder.from;
        return builder;
      }) as Database["select"],
      insert: ((table: Parameters<Database["insert"]>[0]) => {
        inserts += 1;
        return db().insert(table);
      }) as Database["insert"],
    };
    return { tx: tx as unknown as Parameters<typeof enqueueEnrolmentMail>[0], reads, inserts: () => inserts };
  }

  /** A family with `children` seats in a new section, paid; the seats' ids. */
  async function paidSeats(children: number) {
    const sectionId = await newSection(db(), { priceMinor: 1_000, capacity: 6 });
    const family = await newFamily(db(), 1_000 * children);
    const learnerIds = [family.learnerId];
    for (let i = 1; i < children; i += 1) learnerIds.push(await addChild(db(), family.parentId, ["Ben", "Cleo"][i - 1]!));
    await placeOrder(
      family.parentId,
      learnerIds.map((learnerId) => ({ sectionId, learnerId })),
    );
    const seats = await db().select({ id: bookings.id }).from(bookings).where(eq(bookings.sectionId, sectionId));
    const [section] = await db().select().from(sections).where(eq(sections.id, sectionId));
    return {
      ...family,
      section: section!,
      seatIds: seats.map((seat) => seat.id),
      parentEmail: await emailOf(family.parentId),
      teacherEmail: await emailOf(section!.teacherId),
    };
  }

  it("queues an order of three children's six messages in one insert, reading nothing, and each child's arrive", async () => {
    await mail.clear();
    const family = await paidSeats(3);
    await db().delete(outbox);

    const recorded = countingTx();
    await enqueueEnrolmentMail(recorded.tx, family.seatIds);
    expect(recorded.reads).toEqual([]);
    expect(recorded.inserts()).toBe(1);
    // Announced again (a repeated webhook): still one message each.
    await enqueueEnrolmentMail(recorded.tx, family.seatIds);
    expect(await deliver()).toEqual({ delivered: 6, failed: 0 });

    expect((await received(family.parentEmail)).map((m) => m.subject).sort()).toEqual([
      "Ada is enrolled in Test course",
      "Ben is enrolled in Test course",
      "Cleo is enrolled in Test course",
    ]);
    const toTeacher = await received(family.teacherEmail);
    expect(toTeacher.map((m) => (m.text ?? "").match(/Learner: (\w+)/)?.[1]).sort()).toEqual(["Ada", "Ben", "Cleo"]);
    const uids = (await received(family.parentEmail)).map((m) => recurringInviteOf(m, 1).uid).sort();
    expect(uids).toEqual(family.seatIds.map((id) => `${id}@localhost:3000`).sort());
  });

  it("sends nothing for a seat withdrawn before its messages went", async () => {
    await mail.clear();
    const family = await paidSeats(1);
    await db().update(bookings).set({ status: "cancelled" }).where(eq(bookings.id, family.seatIds[0]!));
    // Done (not retried), and nothing reached the family or the teacher.
    expect(await deliver()).toEqual({ delivered: 2, failed: 0 });
    expect(await deliver(new Date(Date.now() + 24 * 3_600_000))).toEqual({ delivered: 0, failed: 0 });
    expect(await mail.messages()).toEqual([]);
  });

  it("tells of the section as it is when the message goes", async () => {
    await mail.clear();
    const family = await paidSeats(1);
    await db()
      .update(sections)
      .set({ startMinute: 17 * 60 + 30 })
      .where(eq(sections.id, family.section.id));
    await deliver();
    const [toParent] = await received(family.parentEmail);
    expect(toParent!.text).toContain("Schedule: Weekly on Monday and Thursday at 2:30 PM Pacific Time (Los Angeles)");
  });

  it("retries a message it could not render, and sends it once it can", async () => {
    await mail.clear();
    const family = await paidSeats(1);
    // A section rule the invite cannot be built from (as a bug or bad data would leave it).
    await db().update(sections).set({ rrule: "FREQ=DAILY" }).where(eq(sections.id, family.section.id));
    const now = new Date();
    expect(await deliver(now)).toEqual({ delivered: 1, failed: 1 });
    const [waiting] = await db().select().from(outbox).where(isNull(outbox.deliveredAt));
    expect(waiting).toMatchObject({ attempts: 1, deadAt: null, lastError: "the rule must be weekly" });
    expect((await mail.messages()).map(to)).toEqual([family.teacherEmail]);

    await db().update(sections).set({ rrule: family.section.rrule }).where(eq(sections.id, family.section.id));
    expect(await deliver(new Date(now.getTime() + backoffMs(1) + 1_000))).toEqual({ delivered: 1, failed: 0 });
    const toParent = await received(family.parentEmail);
    expect(toParent.map((m) => m.subject)).toEqual(["Ada is enrolled in Test course"]);
    expect(recurringInviteOf(toParent[0]!, 1)).toMatchObject({
      method: "REQUEST",
      uid: `${family.seatIds[0]}@localhost:3000`,
      sequence: 0,
    });
  });
});
