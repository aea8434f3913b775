import { randomUUID } from "node:crypto";

import { eq } from "drizzle-orm";

import { renewFeed } from "@/lib/learner-access/feeds";
import { setLearnerSignIn } from "@/lib/learner-access/sign-ins";
import {
  bookings,
  calendarFeeds,
  gifts,
  learnerSignIns,
  messagePairBlocks,
  messages,
  messageThreads,
  sections,
  users,
} from "@/lib/platform/db/schema";
import { runRetention } from "@/lib/privacy/retention";
import { newFamily, newSection } from "@/test/commerce-fixtures";
import { openTestDatabase } from "@/test/database";

import { eraseAccountData } from "./erase";
import { FORMER_TEACHER_NAME, TEACHER_DELETION_MESSAGES } from "./teacher-handover";

/** Issue 26 finding 12: deleting a teacher's account, and a gift buyer's, erases the person and keeps what families need. */
let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());

const erase = (databaseId: number, email = `gone-${randomUUID().slice(0, 8)}@example.com`) =>
  database.db.transaction((tx) => eraseAccountData(tx, { email, emailVerified: true, databaseId, firebaseUid: `uid-${databaseId}` }));
const teacherOf = async (sectionId: number) =>
  (await database.db.select({ teacherId: sections.teacherId }).from(sections).where(eq(sections.id, sectionId)))[0]!.teacherId;
const MONTH = 30 * 86_400_000;
const userRow = async (id: number) => (await database.db.select().from(users).where(eq(users.id, id)))[0];

test("a teacher with an open section is refused with what to do, and nothing is erased", async () => {
  const sectionId = await newSection(database.db, { status: "open" });
  const teacherId = await teacherOf(sectionId);
  await expect(erase(teacherId)).rejects.toThrow(TEACHER_DELETION_MESSAGES.stillTeaching);
  expect(await userRow(teacherId)).toBeDefined();
  expect(await teacherOf(sectionId)).toBe(teacherId);
});

test("a teacher with a demo still to come is refused", async () => {
  const family = await newFamily(database.db);
  const sectionId = await newSection(database.db, { status: "closed" });
  const teacherId = await teacherOf(sectionId);
  const startsAt = new Date(Date.now() + 2 * 86_400_000);
  await database.db.insert(bookings).values({
    kind: "demo",
    learnerId: family.learnerId,
    teacherId,
    startsAt,
    endsAt: new Date(startsAt.getTime() + 3_600_000),
    status: "confirmed",
    token: randomUUID(),
  });
  await expect(erase(teacherId)).rejects.toThrow(TEACHER_DELETION_MESSAGES.stillTeaching);
});

test("a teacher whose classes are over is deleted: the sections and their seats stay, under an anonymous former teacher", async () => {
  const family = await newFamily(database.db);
  const closed = await newSection(database.db, { status: "closed" });
  const teacherId = await teacherOf(closed);
  const draft = await newSection(database.db, { status: "draft" });
  await database.db.update(sections).set({ teacherId }).where(eq(sections.id, draft));
  const past = new Date(Date.now() - 7 * 86_400_000);
  const [seat] = await database.db
    .insert(bookings)
    .values({
      kind: "seat",
      sectionId: closed,
      learnerId: family.learnerId,
      teacherId,
      startsAt: past,
      endsAt: new Date(past.getTime() + 3_600_000),
      status: "attended",
      token: randomUUID(),
    })
    .returning({ id: bookings.id });

  await erase(teacherId);

  expect(await userRow(teacherId)).toBeUndefined();
  const formerId = await teacherOf(closed);
  expect(await userRow(formerId)).toMatchObject({ displayName: FORMER_TEACHER_NAME, role: "student" });
  expect((await database.db.select().from(bookings).where(eq(bookings.id, seat!.id)))[0]).toMatchObject({
    teacherId: formerId,
    status: "attended",
  });
  // A draft nobody bought goes with the account.
  expect(await database.db.select().from(sections).where(eq(sections.id, draft))).toHaveLength(0);
});

test("issue 40: a deleted teacher's conversations stay, flagged messages and all, under the anonymous former teacher", async () => {
  const family = await newFamily(database.db);
  const closed = await newSection(database.db, { status: "closed" });
  const teacherId = await teacherOf(closed);
  const past = new Date(Date.now() - 7 * 86_400_000);
  const [seat] = await database.db
    .insert(bookings)
    .values({
      kind: "seat",
      sectionId: closed,
      learnerId: family.learnerId,
      teacherId,
      startsAt: past,
      endsAt: new Date(past.getTime() + 3_600_000),
      status: "attended",
      token: randomUUID(),
    })
    .returning({ id: bookings.id });
  const [thread] = await database.db
    .insert(messageThreads)
    .values({ bookingId: seat!.id, familyId: family.parentId, teacherId, learnerId: family.learnerId })
    .returning({ id: messageThreads.id });
  await database.db.insert(messages).values({
    threadId: thread!.id,
    authorId: teacherId,
    authorRole: "teacher",
    body: "Text me on [contact details removed]",
    originalBody: "Text me on 555 014 2233",
    flagged: true,
  });
  // Support had blocked the pair: the block stays with the conversation, not with the deleted account.
  const blockedAt = new Date(Date.now() - 86_400_000);
  await database.db.insert(messagePairBlocks).values({ familyId: family.parentId, teacherId, blockedAt });

  await erase(teacherId);

  const formerId = await teacherOf(closed);
  expect((await database.db.select().from(messageThreads).where(eq(messageThreads.id, thread!.id)))[0]).toMatchObject({
    teacherId: formerId,
    familyId: family.parentId,
  });
  expect(await database.db.select().from(messagePairBlocks).where(eq(messagePairBlocks.familyId, family.parentId))).toEqual([
    { familyId: family.parentId, teacherId: formerId, blockedAt, blockedById: null },
  ]);
  expect(await database.db.select().from(messages).where(eq(messages.threadId, thread!.id))).toEqual([
    expect.objectContaining({ authorId: null, authorRole: "teacher", flagged: true, originalBody: "Text me on 555 014 2233" }),
  ]);

  // Not for ever: the retention job keeps them for the kept-conversation period from the deletion,
  // as it does a deleted family's, then deletes them; the seat and the section stay.
  const deletedAt = (await userRow(formerId))!.createdAt;
  const policy = { networkDataDays: 30, leadMonths: 12, eventMonths: 12, homeworkFileMonths: 12, keptConversationMonths: 24 };
  await runRetention(new Date(deletedAt.getTime() + 23 * MONTH), policy);
  expect(await database.db.select().from(messageThreads).where(eq(messageThreads.id, thread!.id))).toHaveLength(1);
  const purge = await runRetention(new Date(deletedAt.getTime() + 25 * MONTH), policy);
  expect(purge.keptConversationsDeleted).toBeGreaterThanOrEqual(1);
  expect(await database.db.select().from(messageThreads).where(eq(messageThreads.id, thread!.id))).toEqual([]);
  expect(await database.db.select().from(messages).where(eq(messages.threadId, thread!.id))).toEqual([]);
  expect(await database.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, seat!.id))).toHaveLength(1);
  expect(await teacherOf(closed)).toBe(formerId);
});

test("gifts keep no recipient name, email or message once the buyer or the recipient is erased; a pending card gift is closed", async () => {
  const buyer = await newFamily(database.db);
  const recipient = await newFamily(database.db);
  const recipientEmail = `grandchild-${randomUUID().slice(0, 8)}@example.com`;
  const words = { recipientName: "Grandchild Gwen", recipientEmail, message: "Happy birthday from Granny Pat" };
  const [bought, pending, received] = await database.db
    .insert(gifts)
    .values([
      {
        ...words,
        buyerId: buyer.parentId,
        amountMinor: 3_000,
        currency: "USD",
        code: randomUUID().replace(/-/g, "").slice(0, 28).toUpperCase(),
      },
      { ...words, buyerId: buyer.parentId, amountMinor: 3_000, currency: "USD", code: null, status: "pending", paidBy: "card" },
      { ...words, buyerId: null, amountMinor: 3_000, currency: "USD", code: randomUUID().replace(/-/g, "").slice(0, 28).toUpperCase() },
    ])
    .returning({ id: gifts.id });

  await erase(buyer.parentId);
  await erase(recipient.parentId, recipientEmail);

  const rows = await database.db.select().from(gifts).where(eq(gifts.recipientName, words.recipientName));
  expect(rows.filter((row) => [bought!.id, pending!.id, received!.id].includes(row.id))).toHaveLength(0);
  const gift = async (id: string) => (await database.db.select().from(gifts).where(eq(gifts.id, id)))[0];
  expect(await gift(bought!.id)).toMatchObject({ buyerId: null, recipientName: null, recipientEmail: null, message: null, status: "paid" });
  expect(await gift(pending!.id)).toMatchObject({ buyerId: null, recipientName: null, status: "expired", code: null });
  expect(await gift(received!.id)).toMatchObject({ recipientName: null, recipientEmail: null, message: null });
});

test("a family's deletion takes its children's own sign-ins and its calendar links with it", async () => {
  const family = await newFamily(database.db);
  await setLearnerSignIn(family.parentId, family.learnerId, {
    kind: "password",
    username: `gone${family.parentId}`,
    password: "a-child-password",
    consent: true,
  });
  await renewFeed({ scope: "family", userId: family.parentId });
  await renewFeed({ scope: "learner", userId: family.parentId, learnerId: family.learnerId });
  await erase(family.parentId);
  expect(await database.db.select().from(learnerSignIns).where(eq(learnerSignIns.parentId, family.parentId))).toEqual([]);
  expect(await database.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, family.parentId))).toEqual([]);
});
