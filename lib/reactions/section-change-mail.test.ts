import { eq } from "drizzle-orm";

import { placeOrder } from "@/lib/commerce/checkout/checkout";
import { bookings, sections, users } from "@/lib/platform/db/schema";
import { updateSection } from "@/lib/scheduling/sections";
import { sectionSessions } from "@/lib/scheduling/sessions";
import { newFamily, newSection } from "@/test/commerce-fixtures";
import { mailHarness, recurringInviteOf, to } from "@/test/mail-harness";

import { sectionChangeMail } from "./section-change-mail";

/**
 * Issue 19: "Teacher changes a session's time: everyone booked is told, with the updated invite."
 * A change of a section's times sends each family with a seat one message whose invite keeps the
 * seat's UID and raises SEQUENCE; a change that leaves the times alone sends nothing.
 */

const { db, mail, deliver } = mailHarness();

/** The editor's input for a section as stored, with some fields changed. */
async function editorInput(sectionId: number, change: { startTime?: string; priceMinor?: number }) {
  const [row] = await db().select().from(sections).where(eq(sections.id, sectionId));
  return {
    courseId: row!.courseId,
    teacherId: row!.teacherId,
    classType: row!.classType,
    capacity: row!.capacity,
    priceMinor: change.priceMinor ?? row!.priceMinor,
    currency: row!.currency,
    startsOn: row!.startsOn,
    weekdays: [1, 4],
    startTime: change.startTime ?? "16:00",
    timezone: row!.timezone,
    durationMinutes: row!.durationMinutes,
    status: row!.status,
  };
}

describe("a section's new times", () => {
  it("tell each family with a seat once, with the seat's invite moved (same UID, higher SEQUENCE); other edits tell nobody", async () => {
    const sectionId = await newSection(db(), { priceMinor: 5_000 });
    const first = await newFamily(db(), 5_000);
    const second = await newFamily(db(), 5_000);
    await placeOrder(first.parentId, [{ sectionId, learnerId: first.learnerId }]);
    await placeOrder(second.parentId, [{ sectionId, learnerId: second.learnerId }]);
    await deliver();
    await mail.clear();

    // A new price moves no session: nobody is told.
    await updateSection(sectionId, await editorInput(sectionId, { priceMinor: 6_000 }));
    expect(await deliver()).toEqual({ delivered: 0, failed: 0 });

    await updateSection(sectionId, await editorInput(sectionId, { startTime: "17:30" }));
    expect(await deliver()).toEqual({ delivered: 2, failed: 0 });
    expect(await deliver()).toEqual({ delivered: 0, failed: 0 });

    const [section] = await db().select().from(sections).where(eq(sections.id, sectionId));
    expect(section!.scheduleVersion).toBe(1);
    const emails = await Promise.all(
      [first, second].map(async (f) => (await db().select({ email: users.email }).from(users).where(eq(users.id, f.parentId)))[0]!.email),
    );
    const messages = await mail.messages();
    expect(messages.map(to).sort()).toEqual([...emails].sort());
    for (const [index, family] of [first, second].entries()) {
      const message = messages.find((m) => to(m) === emails[index])!;
      expect(message.subject).toBe("New times for Test course");
      expect(message.text).toContain("New schedule: Weekly on Monday and Thursday at 2:30 PM Pacific Time (Los Angeles)");
      const [seat] = await db().select().from(bookings).where(eq(bookings.learnerId, family.learnerId));
      const invite = recurringInviteOf(message, 5);
      expect(invite).toMatchObject({ method: "REQUEST", uid: `${seat!.id}@localhost:3000`, sequence: 1, tzid: "America/New_York" });
      // The calendar's next sessions are the new ones.
      const now = new Date();
      const expected = sectionSessions(section!, now, new Date(now.getTime() + 60 * 86_400_000)).slice(0, 5);
      expect(invite.occurrences).toEqual(expected.map((s) => s.startsAt));
    }
  });

  it("queues one message to each family however often the change's event is delivered", async () => {
    const sectionId = await newSection(db(), { priceMinor: 5_000 });
    const family = await newFamily(db(), 5_000);
    await placeOrder(family.parentId, [{ sectionId, learnerId: family.learnerId }]);
    await deliver();
    await mail.clear();

    await updateSection(sectionId, await editorInput(sectionId, { startTime: "18:00" }));
    await sectionChangeMail.handle(db(), { sectionId, scheduleVersion: 1 });
    await sectionChangeMail.handle(db(), { sectionId, scheduleVersion: 1 });
    expect(await deliver()).toEqual({ delivered: 1, failed: 0 });
    expect(await deliver()).toEqual({ delivered: 0, failed: 0 });
    const [parent] = await db().select({ email: users.email }).from(users).where(eq(users.id, family.parentId));
    expect((await mail.messages()).map(to)).toEqual([parent!.email]);
  });
});
