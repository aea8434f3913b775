import { eq } from "drizzle-orm";

import { placeOrder } from "@/lib/commerce/checkout/checkout";
import { refundOrderAsAdmin, withdrawSeat } from "@/lib/commerce/refunds/refunds";
import { seatsCancelled } from "@/lib/commerce/events";
import { nextSession } from "@/lib/commerce/seats/seats";
import { bookings, orderItems, outbox, sections } from "@/lib/platform/db/schema";
import { emit } from "@/lib/platform/events/events";
import { formatInstantInZone } from "@/lib/scheduling/time";
import { addChild, newFamily, newSection } from "@/test/commerce-fixtures";
import { markReactionsUndelivered } from "@/test/events";
import { insertActor } from "@/test/fixtures";
import { mailHarness, recurringInviteOf, to } from "@/test/mail-harness";

/**
 * Issue 19: a cancelled seat tells the teacher ("a learner left", first name and grade only) and
 * cancels the family's calendar series (METHOD:CANCEL, the enrolment invite's UID, a higher
 * SEQUENCE), in the refund's message when there is one: one message per reader per cancellation.
 */
const { db, mail, deliver, emailOf } = mailHarness();
const ZONE = "America/Los_Angeles";
const HOUR = 3_600_000;

/** A family's paid order for `children` seats in a new section, its enrolment messages delivered and read; the seats' invites. */
async function enrolled(children: number) {
  const family = await newFamily(db(), 50_000);
  const learnerIds = [family.learnerId];
  for (let i = 1; i < children; i += 1) learnerIds.push(await addChild(db(), family.parentId, `Child${i}`));
  const sectionId = await newSection(db(), { priceMinor: 12_000 });
  const { orderId } = await placeOrder(
    family.parentId,
    learnerIds.map((learnerId) => ({ sectionId, learnerId })),
  );
  await deliver();
  const parentEmail = await emailOf(family.parentId);
  const enrolmentInvites = (await mail.messages()).filter((m) => to(m) === parentEmail).map((m) => recurringInviteOf(m, 1));
  await mail.clear();
  const items = await db()
    .select({ id: orderItems.id, bookingId: orderItems.bookingId, startsAt: bookings.startsAt, endsAt: bookings.endsAt })
    .from(orderItems)
    .innerJoin(bookings, eq(bookings.id, orderItems.bookingId))
    .where(eq(orderItems.orderId, orderId));
  const [section] = await db().select().from(sections).where(eq(sections.id, sectionId));
  return { ...family, orderId, section: section!, items, parentEmail, teacherEmail: await emailOf(section!.teacherId), enrolmentInvites };
}

describe("a cancelled seat's messages", () => {
  it("on a withdrawal: the refund message cancels the family's series, and the teacher hears once who left", async () => {
    const family = await enrolled(1);
    const item = family.items[0]!;
    const now = new Date(item.startsAt.getTime() - 25 * HOUR);
    await withdrawSeat(family.parentId, item.id, ZONE, now);
    expect(await deliver()).toEqual({ delivered: 2, failed: 0 });
    expect(await deliver()).toEqual({ delivered: 0, failed: 0 });

    const messages = await mail.messages();
    expect(messages.map((m) => [to(m), m.subject]).sort()).toEqual(
      [
        [family.parentEmail, "Refund done: Ada, Test course"],
        [family.teacherEmail, "A learner left your section: Test course"],
      ].sort(),
    );
    const toParent = messages.find((m) => to(m) === family.parentEmail)!;
    const toTeacher = messages.find((m) => to(m) === family.teacherEmail)!;

    const [enrolment] = family.enrolmentInvites;
    expect(enrolment).toMatchObject({ method: "REQUEST", uid: `${item.bookingId}@localhost:3000`, sequence: 0 });
    const cancel = recurringInviteOf(toParent, 1);
    expect(cancel).toMatchObject({ method: "CANCEL", uid: enrolment!.uid, rrule: "FREQ=WEEKLY;BYDAY=MO,TH", tzid: "America/New_York" });
    expect(cancel.sequence).toBeGreaterThan(enrolment!.sequence);
    expect(cancel.occurrences).toEqual([item.startsAt.toISOString()]);

    // First name and grade only; the section and its next session in the teacher's own zone.
    const text = toTeacher.text ?? "";
    expect(text).toContain("Learner: Ada");
    expect(text).toContain("Grade: 5");
    expect(text).toContain("Section: Test course, Weekly on Monday and Thursday at 4:00 PM Eastern Time (New York)");
    expect(text).toContain(
      `Next session: ${formatInstantInZone(new Date(nextSession(family.section, new Date())!.startsAt), "America/New_York")}`,
    );
    expect(text).not.toContain(family.parentEmail);
    expect(toTeacher.attachments).toHaveLength(0);
  });

  it("on an admin's refund of several seats: one refund message, and each seat's series cancelled in a message of its own", async () => {
    const family = await enrolled(2);
    await refundOrderAsAdmin(await insertActor(db(), "admin"), { orderId: family.orderId, reason: "Teacher ill" });
    expect(await deliver()).toEqual({ delivered: 5, failed: 0 });

    const messages = await mail.messages();
    const toParent = messages.filter((m) => to(m) === family.parentEmail);
    expect(toParent.map((m) => m.subject).sort()).toEqual(
      ["Ada is no longer enrolled in Test course", "Child1 is no longer enrolled in Test course", "Refund done: 2 enrolments"].sort(),
    );
    expect(toParent.find((m) => m.subject === "Refund done: 2 enrolments")!.attachments).toHaveLength(0);
    const cancels = toParent.filter((m) => m.subject !== "Refund done: 2 enrolments").map((m) => recurringInviteOf(m, 1));
    expect(cancels.map((c) => [c.method, c.uid]).sort()).toEqual(family.enrolmentInvites.map((i) => ["CANCEL", i.uid]).sort());
    expect(cancels.every((c) => c.sequence > 0)).toBe(true);
    expect(messages.filter((m) => to(m) === family.teacherEmail).map((m) => m.subject)).toEqual([
      "A learner left your section: Test course",
      "A learner left your section: Test course",
    ]);
  });

  it("without a refund: the family's own message carries the cancellation, once however often it is announced", async () => {
    const family = await enrolled(1);
    const item = family.items[0]!;
    await db().update(bookings).set({ status: "cancelled" }).where(eq(bookings.id, item.bookingId!));
    await db().delete(outbox);
    for (let i = 0; i < 2; i += 1)
      await db().transaction((tx) => emit(tx, seatsCancelled, { bookingIds: [item.bookingId!], refundIds: [], sectionClosed: false }));
    expect(await deliver()).toEqual({ delivered: 2, failed: 0 });

    const toParent = (await mail.messages()).filter((m) => to(m) === family.parentEmail);
    expect(toParent.map((m) => m.subject)).toEqual(["Ada is no longer enrolled in Test course"]);
    expect(recurringInviteOf(toParent[0]!, 1)).toMatchObject({ method: "CANCEL", uid: family.enrolmentInvites[0]!.uid, sequence: 1 });
  });

  it("withdrawn before the enrolment messages went: no enrolment reaches anyone, the withdrawal's messages still go", async () => {
    await mail.clear();
    const family = await newFamily(db(), 50_000);
    const sectionId = await newSection(db(), { priceMinor: 12_000 });
    const { orderId } = await placeOrder(family.parentId, [{ sectionId, learnerId: family.learnerId }]);
    const [item] = await db()
      .select({ id: orderItems.id, bookingId: orderItems.bookingId, startsAt: bookings.startsAt, teacherId: sections.teacherId })
      .from(orderItems)
      .innerJoin(bookings, eq(bookings.id, orderItems.bookingId))
      .innerJoin(sections, eq(sections.id, orderItems.sectionId))
      .where(eq(orderItems.orderId, orderId));
    // Within seconds, before the outbox delivered anything.
    await withdrawSeat(family.parentId, item!.id, ZONE, new Date(item!.startsAt.getTime() - 25 * HOUR));
    expect(await deliver()).toEqual({ delivered: 4, failed: 0 });

    const [parentEmail, teacherEmail] = [await emailOf(family.parentId), await emailOf(item!.teacherId)];
    const messages = await mail.messages();
    expect(messages.map((m) => [to(m), m.subject]).sort()).toEqual(
      [
        [parentEmail, "Refund done: Ada, Test course"],
        [teacherEmail, "A learner left your section: Test course"],
      ].sort(),
    );
    // The refund message goes whatever the calendar holds. Its CANCEL (the seat's UID, a SEQUENCE above
    // the enrolment's) is a no-op to a calendar that never had the series, and removes it from one
    // that did (an enrolment already on its way as the seat was withdrawn): so it is always sent.
    const toParent = messages.find((m) => to(m) === parentEmail)!;
    expect(recurringInviteOf(toParent, 1)).toMatchObject({ method: "CANCEL", uid: `${item!.bookingId}@localhost:3000`, sequence: 1 });
  });

  it("a section whose times changed: the cancellation's SEQUENCE is above the last change's", async () => {
    const family = await enrolled(1);
    await db().update(sections).set({ scheduleVersion: 3 }).where(eq(sections.id, family.section.id));
    const item = family.items[0]!;
    await withdrawSeat(family.parentId, item.id, ZONE, new Date(item.startsAt.getTime() - 25 * HOUR));
    await deliver();
    const toParent = (await mail.messages()).find((m) => to(m) === family.parentEmail)!;
    expect(recurringInviteOf(toParent, 1).sequence).toBe(4);
  });

  it("delivered twice (a crash before the first delivery was recorded): each reader's message once, under the seat's keys", async () => {
    const family = await enrolled(2);
    await refundOrderAsAdmin(await insertActor(db(), "admin"), { orderId: family.orderId, reason: "Teacher ill" });
    expect(await deliver()).toEqual({ delivered: 5, failed: 0 });

    expect(await markReactionsUndelivered(db(), "seat.cancelled", "seat-cancel-mail")).toBeGreaterThan(0);
    expect(await deliver()).toEqual({ delivered: 0, failed: 0 });
    const ids = (await mail.messages()).map((m) => m.messageId).filter((id) => id?.startsWith("<email.seat."));
    expect(ids.sort()).toEqual(
      family.items
        .flatMap((item) => [
          `<email.seat.${item.bookingId}.cancelled.parent@localhost>`,
          `<email.seat.${item.bookingId}.cancelled.teacher@localhost>`,
        ])
        .sort(),
    );
  });

  it("a seat no longer cancelled when its event is delivered: nothing is said of its cancellation", async () => {
    const family = await enrolled(1);
    const item = family.items[0]!;
    await db().update(bookings).set({ status: "cancelled" }).where(eq(bookings.id, item.bookingId!));
    await db().transaction((tx) => emit(tx, seatsCancelled, { bookingIds: [item.bookingId!], refundIds: [], sectionClosed: false }));
    // Undone before delivery (as a support correction would).
    await db().update(bookings).set({ status: "confirmed" }).where(eq(bookings.id, item.bookingId!));
    await deliver();
    expect(await mail.messages()).toEqual([]);
  });
});
