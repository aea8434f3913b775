import { eq, getTableName, type Table } from "drizzle-orm";

import { placeOrder } from "@/lib/commerce/checkout";
import { moveSeats, writeSeat, lockSections } from "@/lib/commerce/seats";
import type { Database } from "@/lib/platform/db/client";
import { bookings, sections } from "@/lib/platform/db/schema";
import { sectionSessions } from "@/lib/scheduling/sessions";
import { addChild, newFamily, newSection } from "@/test/commerce-fixtures";
import { mailHarness, recurringInviteOf, to } from "@/test/mail-harness";

import { enqueueEnrolmentMail, registerEnrolmentMail } from "./enrolment-mail";
import { describeSchedule } from "./seat-invite";

/**
 * Issue 19: a confirmed seat tells the parent (with the section's recurring invite, UID per seat)
 * and the teacher (first name and grade only), once each, whichever commerce path confirmed it.
 */

const { db, mail, deliver, emailOf } = mailHarness(registerEnrolmentMail);

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
    expect(toParent.text).toContain("Schedule: Weekly on Monday and Thursday at 4:00 PM (America/New_York)");
    expect(toParent.text).toMatch(/First session: .+ P[SD]T \(America\/Los_Angeles\)/);
    // The teacher learns the first name and grade, nothing more of the family.
    expect(toTeacher.text).toContain("Learner: Ada");
    expect(toTeacher.text).toContain("Grade: 5");
    expect(toTeacher.text).not.toContain(parentEmail);
    expect(toTeacher.attachments).toHaveLength(0);

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
    const seatId = await db().transaction(async (tx) => {
      const locked = await lockSections(tx, [sectionId]);
      return writeSeat(tx, locked.get(sectionId)!, family.learnerId, "held", family.parentId, new Date());
    });
    expect(await deliver()).toEqual({ delivered: 0, failed: 0 });
    for (let i = 0; i < 2; i += 1) await db().transaction((tx) => moveSeats(tx, [seatId], "held", "confirmed", new Date()));
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

  it("describes a section's pattern in its own zone", () => {
    expect(describeSchedule({ rrule: "FREQ=WEEKLY;BYDAY=TU", startMinute: 9 * 60 + 30, timezone: "Europe/London" })).toBe(
      "Weekly on Tuesday at 9:30 AM (Europe/London)",
    );
    expect(describeSchedule({ rrule: "FREQ=WEEKLY;BYDAY=MO,WE,FR", startMinute: 17 * 60, timezone: "Asia/Tokyo" })).toBe(
      "Weekly on Monday, Wednesday and Friday at 5:00 PM (Asia/Tokyo)",
    );
  });
});

describe("enrolment email reads (issue 17 review: each person once per announcement)", () => {
  /** The database, noting the table of every select made through it. */
  function countingTx() {
    const tables: string[] = [];
    const tx = {
      select: ((...args: Parameters<Database["select"]>) => {
        const builder = db().select(...args);
        const from = builder.from.bind(builder);
        builder.from = ((table: Parameters<typeof from>[0]) => {
          tables.push(getTableName(table as Table));
          return from(table);
        }) as typeof builder.from;
        return builder;
      }) as Database["select"],
      insert: db().insert.bind(db()),
    };
    return { tx: tx as unknown as Parameters<typeof enqueueEnrolmentMail>[0], tables };
  }

  it("reads the family and the teacher once for an order of three children, as for one", async () => {
    const sectionId = await newSection(db(), { priceMinor: 1_000, capacity: 6 });
    const family = await newFamily(db(), 3_000);
    const children = [family.learnerId, await addChild(db(), family.parentId, "Ben"), await addChild(db(), family.parentId, "Cleo")];
    await placeOrder(
      family.parentId,
      children.map((learnerId) => ({ sectionId, learnerId })),
    );
    const seats = await db().select({ id: bookings.id }).from(bookings).where(eq(bookings.sectionId, sectionId));
    expect(seats).toHaveLength(3);

    const one = countingTx();
    await enqueueEnrolmentMail(one.tx, [seats[0]!.id]);
    const three = countingTx();
    await enqueueEnrolmentMail(
      three.tx,
      seats.map((seat) => seat.id),
    );
    expect(three.tables).toEqual(one.tables);
    expect(three.tables.filter((table) => table === "learners")).toHaveLength(1);
    expect(three.tables.filter((table) => table === "users")).toHaveLength(1);
  });
});
