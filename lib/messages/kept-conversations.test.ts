import { eq, inArray } from "drizzle-orm";

import { eraseAccountData } from "@/lib/accounts/erase";
import type { Actor } from "@/lib/platform/auth/permissions";
import { concernReports, messages, messageThreads, users } from "@/lib/platform/db/schema";
import { MASK } from "@/lib/platform/security/screening";
import { runRetention } from "@/lib/privacy/retention";
import { getConcern, reportConcern } from "@/lib/safety/concerns";
import { openTestDatabase } from "@/test/database";
import { insertActor } from "@/test/fixtures";
import { familyWithSeat, seatForParent } from "@/test/message-fixtures";

import { FORMER_FAMILY_LABEL, FORMER_FAMILY_NAME } from "./kept-conversations";
import { getThread, listThreads, postMessage, startThread } from "./threads";

/**
 * Issue 40, records kept right: when a family deletes its account, the conversations the safety
 * team needs (a flagged or hidden message, a safety report) stay, pseudonymised, for the retention
 * period; the others go with the account as before. The rule: lib/messages/kept-conversations.ts.
 */
let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());
const db = () => database.db;

const MONTH = 30 * 86_400_000;
const policy = { networkDataDays: 30, leadMonths: 12, eventMonths: 12, homeworkFileMonths: 12, keptConversationMonths: 24 };
const teacherActor = async (id: number): Promise<Actor> => {
  const [row] = await db().select({ email: users.email }).from(users).where(eq(users.id, id));
  return { id, email: row!.email, role: "teacher" };
};
const threadRow = async (id: string) => (await db().select().from(messageThreads).where(eq(messageThreads.id, id)))[0];

test("a deleted family's flagged thread and the report on it stay readable by support, pseudonymised; an unflagged thread goes; the retention job purges the kept ones", async () => {
  const support = await insertActor(db(), "support");
  const family = await familyWithSeat(db(), { parent: "Priya Rao", teacher: "Ms Lopez" });

  // 1. Flagged: the teacher's message is masked and flagged; the parent reports it.
  const { threadId: flagged } = await startThread(family.parent, { bookingId: family.bookingId, body: "Hello, Ada is excited" });
  const typed = "Text me on 555 014 2233, it's our secret";
  const { messageId } = await postMessage(family.teacher, flagged, { body: typed });
  const { concernId } = await reportConcern(family.parent, {
    subjectType: "message",
    subjectId: String(messageId),
    reason: "unsafe_contact",
    details: "The teacher gave Ada a phone number.",
  });
  expect((await getConcern(support, concernId)).subjectLabel).toContain("for Ada");

  // 2. Ordinary talk with another teacher: goes with the account.
  const second = await seatForParent(db(), family.parent.id, family.learnerId);
  const { threadId: ordinary } = await startThread(family.parent, { bookingId: second.bookingId, body: "Is class on Monday?" });
  await postMessage(await teacherActor(second.teacherId), ordinary, { body: "Yes, see you at 4 pm." });

  // 3. Ordinary talk, but its teacher reported the family: attached to a safety report, kept.
  const third = await seatForParent(db(), family.parent.id, family.learnerId);
  const thirdTeacher = await teacherActor(third.teacherId);
  const { threadId: reported } = await startThread(family.parent, { bookingId: third.bookingId, body: "Why was Ada marked late?" });
  const { concernId: aboutFamily } = await reportConcern(thirdTeacher, {
    subjectType: "family",
    subjectId: String(family.parent.id),
    reason: "bullying",
    details: "The parent is abusive in messages.",
  });

  const deletedAt = new Date();
  await db().transaction((tx) =>
    eraseAccountData(tx, {
      email: family.parent.email,
      emailVerified: true,
      databaseId: family.parent.id,
      firebaseUid: `uid-${family.parent.id}`,
    }),
  );

  expect(await db().select().from(users).where(eq(users.id, family.parent.id))).toEqual([]);
  // The unflagged thread is deleted as before, with its messages.
  expect(await threadRow(ordinary)).toBeUndefined();
  expect(await db().select().from(messages).where(eq(messages.threadId, ordinary))).toEqual([]);

  // The flagged one stays: unlinked from the family, its booking and child; closed; kept since the deletion.
  const kept = (await threadRow(flagged))!;
  expect(kept).toMatchObject({ bookingId: null, learnerId: null, teacherId: family.teacher.id });
  expect(kept.familyId).not.toBe(family.parent.id);
  expect(kept.keptSince!.getTime()).toBeGreaterThanOrEqual(deletedAt.getTime() - 1_000);
  expect((await db().select().from(users).where(eq(users.id, kept.familyId)))[0]).toMatchObject({ displayName: FORMER_FAMILY_NAME });

  // Support reads it: every message as delivered, the flagged one as typed; no child's name in its title.
  const view = await getThread(support, flagged);
  expect(view).toMatchObject({ title: "Test course", familyName: FORMER_FAMILY_NAME, isBlocked: true });
  expect(view.messages.map((m) => [m.authorRole, m.body])).toEqual([
    ["family", "Hello, Ada is excited"],
    ["teacher", `Text me on ${MASK}, it's our secret`],
  ]);
  expect(view.messages[1]).toMatchObject({ isFlagged: true, originalBody: typed });
  expect((await listThreads(support, { flaggedOnly: true })).map((t) => t.id)).toContain(flagged);

  // The report too, its reporter and the child's name gone, its details and link to the thread kept.
  expect(await getConcern(support, concernId)).toMatchObject({
    reporterName: "Deleted account",
    details: "The teacher gave Ada a phone number.",
    subjectLabel: "A message in “Test course”",
    subjectHref: `/messages/${flagged}`,
  });
  expect(await getConcern(support, aboutFamily)).toMatchObject({ subjectLabel: FORMER_FAMILY_LABEL });
  expect(await threadRow(reported)).toMatchObject({ bookingId: null, familyId: kept.familyId });

  // Its teacher no longer reads or lists it; nobody posts in it.
  await expect(getThread(family.teacher, flagged)).rejects.toMatchObject({ code: "not-found" });
  expect((await listThreads(family.teacher)).map((t) => t.id)).not.toContain(flagged);
  await expect(postMessage(support, flagged, { body: "Anyone there?" })).rejects.toMatchObject({ code: "conflict" });

  // The retention job keeps them through the period, then deletes them and the anonymous account.
  await runRetention(new Date(deletedAt.getTime() + 23 * MONTH), policy);
  expect(await threadRow(flagged)).toBeDefined();
  const purge = await runRetention(new Date(deletedAt.getTime() + 25 * MONTH), policy);
  expect(purge.keptConversationsDeleted).toBeGreaterThanOrEqual(2);
  expect(
    await db()
      .select()
      .from(messageThreads)
      .where(inArray(messageThreads.id, [flagged, reported])),
  ).toEqual([]);
  expect(await db().select().from(users).where(eq(users.id, kept.familyId))).toEqual([]);
  // The reports stay (support's record), without the thread.
  expect((await db().select().from(concernReports).where(eq(concernReports.id, concernId)))[0]).toBeDefined();
  expect((await getConcern(support, concernId)).subjectHref).toBeNull();
});

test("a family with no flagged, hidden or reported conversation loses them all, and no anonymous account is made", async () => {
  const family = await familyWithSeat(db());
  const { threadId } = await startThread(family.parent, { bookingId: family.bookingId, body: "See you on Monday" });
  const formerBefore = await db().select({ id: users.id }).from(users).where(eq(users.displayName, FORMER_FAMILY_NAME));
  await db().transaction((tx) =>
    eraseAccountData(tx, {
      email: family.parent.email,
      emailVerified: true,
      databaseId: family.parent.id,
      firebaseUid: `uid-${family.parent.id}`,
    }),
  );
  expect(await threadRow(threadId)).toBeUndefined();
  expect(await db().select({ id: users.id }).from(users).where(eq(users.displayName, FORMER_FAMILY_NAME))).toEqual(formerBefore);
});
