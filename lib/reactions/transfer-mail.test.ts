import { eq } from "drizzle-orm";

import { placeOrder } from "@/lib/commerce/checkout/checkout";
import { transferSeat } from "@/lib/commerce/transfers/transfers";
import { bookings, sections } from "@/lib/platform/db/schema";
import { updateSection } from "@/lib/scheduling/sections";
import { cancelSession } from "@/lib/scheduling/session-changes";
import { sectionSessions } from "@/lib/scheduling/sessions";
import { newFamily, newSection } from "@/test/commerce-fixtures";
import { mailHarness, recurringInviteOf } from "@/test/mail-harness";
import { storedSectionInput } from "@/test/scheduling-fixtures";
import { newSectionOfSameCourse, orderItemOf } from "@/test/transfer-fixtures";

/**
 * Issue 27, transfers: the family's calendar moves in place. The seat keeps one UID; the invite of
 * the move carries a SEQUENCE above every one the family had (the enrolment's, the old section's
 * session and schedule changes), and the new section's later changes stay above it (ical.js reads them).
 */
const { db, mail, deliver, received, emailOf } = mailHarness();
const teacher = (id: number) => ({ id, email: `t-${id}@example.com`, role: "teacher" as const });
const DAY = 86_400_000;

async function sectionRow(id: number) {
  return (await db().select().from(sections).where(eq(sections.id, id)))[0]!;
}

test("enrolment, a session cancelled in the old section, the move, a change of the new section's times: one UID, SEQUENCE always higher", async () => {
  const from = await newSection(db(), { priceMinor: 6_000 });
  const to = await newSectionOfSameCourse(db(), from, { priceMinor: 6_000 });
  const family = await newFamily(db(), 6_000);
  await placeOrder(family.parentId, [{ sectionId: from, learnerId: family.learnerId }]);
  await deliver();
  const address = await emailOf(family.parentId);
  const [seat] = await db().select().from(bookings).where(eq(bookings.learnerId, family.learnerId));
  const uid = `${seat!.id}@localhost:3000`;
  const sequences: number[] = [];
  const lastInvite = async (n = 4) => {
    const messages = await received(address);
    const invite = recurringInviteOf(messages.at(-1)!, n);
    sequences.push(invite.sequence);
    return { message: messages.at(-1)!, invite };
  };
  expect((await lastInvite()).invite).toMatchObject({ uid, sequence: 0 });

  // Two changes in the old section: a session cancelled, then its times (the schedule version is 2).
  const [occurrence] = sectionSessions(await sectionRow(from), new Date(Date.now() + 7 * DAY), new Date(Date.now() + 30 * DAY));
  await cancelSession(teacher((await sectionRow(from)).teacherId), from, { occurrence: occurrence!.startsAt });
  await deliver();
  expect((await lastInvite()).invite.uid).toBe(uid);
  await updateSection(from, await storedSectionInput(db(), from, { startTime: "17:00" }));
  await deliver();
  expect((await lastInvite()).invite.uid).toBe(uid);
  await mail.clear();

  // The move: the new section (version 0) is behind what the family has; the invite is above it all.
  const item = await orderItemOf(db(), family.learnerId);
  const moved = await transferSeat(family.parentId, { orderItemId: item.id, toSectionId: to });
  expect(await deliver()).toMatchObject({ failed: 0 });
  const { message, invite } = await lastInvite(4);
  expect(message.subject).toBe("Ada moved to new times for Test course");
  expect(message.text).toContain("Pacific Time (Los Angeles)");
  expect(invite).toMatchObject({ method: "REQUEST", uid, sequence: moved.sequence, tzid: "Europe/London" });
  const target = await sectionRow(to);
  const expected = sectionSessions(target, new Date(), new Date(Date.now() + 60 * DAY)).slice(0, 4);
  expect(invite.occurrences).toEqual(expected.map((s) => s.startsAt));
  // Both teachers hear of the roster change.
  const toTeachers = (await mail.messages()).filter((m) => m.subject !== message.subject);
  expect(toTeachers).toHaveLength(2);

  // A later change of the new section's times: still the same UID, still higher.
  await updateSection(to, await storedSectionInput(db(), to, { startTime: "18:00" }));
  await deliver();
  expect((await lastInvite()).invite.uid).toBe(uid);

  // Delivered again: nothing more.
  expect(await deliver()).toEqual({ delivered: 0, failed: 0 });
  expect(sequences).toEqual([...sequences].sort((a, b) => a - b));
  expect(new Set(sequences).size).toBe(sequences.length);
  expect(sequences[0]).toBe(0);
});
