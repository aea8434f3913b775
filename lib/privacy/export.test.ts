import { randomUUID } from "node:crypto";

import { eq } from "drizzle-orm";

import { placeOrder } from "@/lib/commerce/checkout/checkout";
import { renewFeed } from "@/lib/learner-access/feeds";
import { setLearnerSignIn } from "@/lib/learner-access/sign-ins";
import { buyGift } from "@/lib/commerce/gifts/gifts";
import { unsubscribeTokenFor } from "@/lib/notifications/preferences";
import { adminAuth } from "@/lib/platform/auth/firebase-admin";
import type { Actor } from "@/lib/platform/auth/permissions";
import {
  concernReports,
  messages,
  messageThreads,
  auditEvents,
  bookings,
  courseProposals,
  demoRequests,
  gifts,
  learners,
  ledgerEntries,
  logEvents,
  orders,
  outbox,
  payments,
  sections,
  teacherChecks,
  users,
  wallets,
} from "@/lib/platform/db/schema";
import { newSection } from "@/test/commerce-fixtures";
import { openTestDatabase } from "@/test/database";
import { deliverEvents } from "@/test/events";
import { insertActor } from "@/test/fixtures";

import {
  checkAccountExport,
  EXPORT_ACTION,
  EXPORT_MESSAGES,
  exportAccountData,
  findLeadAccountExport,
  LEAD_WITHOUT_ACCOUNT,
} from "./export";

/**
 * Issue 26 finding 7: a person's data export is keyed by the account, complete (children, demo
 * requests, bookings, orders, payments, wallet, gifts, events), never holds a secret, and is given
 * to support only for an account whose email is verified; an admin may always; each is audited.
 */
let database: Awaited<ReturnType<typeof openTestDatabase>>;
let support: Actor;
let admin: Actor;
const firebaseUids: string[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  support = await insertActor(database.db, "support");
  admin = await insertActor(database.db, "admin");
});
afterAll(async () => {
  for (const uid of firebaseUids)
    await adminAuth()
      .deleteUser(uid)
      .catch(() => undefined);
  await database.dispose();
});

/** A parent account with a real (emulated) Firebase user, verified or not, a child and some Cash. */
async function newAccount(emailVerified: boolean) {
  const email = `family.${randomUUID().slice(0, 8)}@example.com`;
  const record = await adminAuth().createUser({ email, emailVerified, password: "a-long-password-1" });
  firebaseUids.push(record.uid);
  const [row] = await database.db
    .insert(users)
    .values({ firebaseUid: record.uid, email, displayName: "Fay Family", timezone: "Europe/Paris" })
    .returning({ id: users.id });
  const id = row!.id;
  const [child] = await database.db.insert(learners).values({ parentId: id, firstName: "Ada", grade: 5 }).returning({ id: learners.id });
  await database.db.insert(wallets).values({ userId: id });
  await database.db.insert(ledgerEntries).values({ userId: id, kind: "promotion", amountMinor: 50_000, currency: "USD" });
  return { id, email, uid: record.uid, learnerId: child!.id };
}

describe("exportAccountData", () => {
  it("holds the account's children, requests, bookings, orders, payments, wallet and gifts, and no secret; audited", async () => {
    const family = await newAccount(true);
    // A paid seat (order, item, wallet payment, booking) for the child.
    const sectionId = await newSection(database.db, { priceMinor: 10_000 });
    const placed = await placeOrder(family.id, [{ sectionId, learnerId: family.learnerId }]);
    expect(placed).toMatchObject({ status: "paid" });
    const [order] = await database.db.select().from(orders).where(eq(orders.userId, family.id));
    // Stripe ids the export must not carry, stored as a card order would have them.
    const stripeSession = `cs_test_${randomUUID().replaceAll("-", "")}`;
    const stripeIntent = `pi_${randomUUID().replaceAll("-", "")}`;
    await database.db.update(orders).set({ stripeCheckoutSessionId: stripeSession }).where(eq(orders.id, order!.id));
    await database.db.insert(payments).values({
      orderId: order!.id,
      method: "card",
      amountMinor: 1,
      currency: "USD",
      stripeCheckoutSessionId: stripeSession,
      stripePaymentIntentId: stripeIntent,
    });
    // A gift bought (its code is emailed: the outbox holds it too) and one received.
    const bought = await buyGift(
      family.id,
      { amount: "40", recipientName: "Grace", recipientEmail: "grace@example.com", message: "Happy birthday!" },
      { emailVerified: true },
    );
    await deliverEvents(database.db);
    const [giftRow] = await database.db.select().from(gifts).where(eq(gifts.id, bought.giftId));
    const giftCode = giftRow!.code!;
    expect(JSON.stringify(await database.db.select().from(outbox))).toContain(giftCode.slice(0, 4));
    const other = await newAccount(true);
    const received = await buyGift(other.id, { amount: "10", recipientEmail: family.email }, { emailVerified: true });
    const [receivedRow] = await database.db.select().from(gifts).where(eq(gifts.id, received.giftId));
    // A demo request made signed in, and one with the (verified) email, each with a demo booking token.
    const [signedIn, byEmail, notTheirs] = await database.db
      .insert(demoRequests)
      .values([
        { userEmail: "typed-elsewhere@example.com", course: "not-sure", userId: family.id, name: "Fay", message: "Weekends please" },
        { userEmail: family.email.toUpperCase(), course: "not-sure", note: "called" },
        { userEmail: "someone.else@example.com", course: "not-sure" },
      ])
      .returning({ id: demoRequests.id });
    const [seat] = await database.db.select().from(bookings).where(eq(bookings.learnerId, family.learnerId));
    const demoToken = randomUUID().replaceAll("-", "");
    await database.db.insert(bookings).values({
      kind: "demo",
      demoRequestId: byEmail!.id,
      teacherId: seat!.teacherId,
      startsAt: new Date("2031-02-01T16:00:00Z"),
      endsAt: new Date("2031-02-01T16:30:00Z"),
      status: "confirmed",
      token: demoToken,
    });
    const unsubscribeToken = await unsubscribeTokenFor(database.db, family.email);
    await database.db.insert(auditEvents).values({
      actorEmail: support.email,
      action: "lead.note",
      targetType: "demo_request",
      targetId: byEmail!.id,
      details: { note: "called" },
    });
    await database.db.insert(logEvents).values([
      { eventName: "Page View", userId: String(family.id), currentUrl: `/demo/${demoToken}` },
      { eventName: "Page View", userId: "999999", currentUrl: "/not-theirs" },
    ]);

    const data = await exportAccountData(support, String(family.id), new Date("2031-01-01T00:00:00Z"));
    expect(data.account).toMatchObject({ id: family.id, email: family.email, displayName: "Fay Family", emailVerified: true });
    expect(data.exportedAt).toBe("2031-01-01T00:00:00.000Z");
    expect(data.learners).toEqual([expect.objectContaining({ id: family.learnerId, firstName: "Ada", grade: 5 })]);
    expect(data.orders).toEqual([expect.objectContaining({ id: order!.id, status: "paid", totalMinor: 10_000 })]);
    expect(data.orderItems).toEqual([
      expect.objectContaining({ orderId: order!.id, sectionId, learnerId: family.learnerId, priceMinor: 10_000 }),
    ]);
    expect(data.payments).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ orderId: order!.id, method: "wallet", amountMinor: 10_000 }),
        expect.objectContaining({ orderId: order!.id, method: "card", amountMinor: 1 }),
      ]),
    );
    expect(data.bookings.map((b) => b.kind).sort()).toEqual(["demo", "seat"]);
    expect(data.bookingHistory.length).toBeGreaterThan(0);
    expect(data.wallet.map((entry) => entry.kind)).toEqual(["promotion", "purchase", "gift"]);
    expect(data.giftsBought).toEqual([expect.objectContaining({ id: bought.giftId, recipientName: "Grace", message: "Happy birthday!" })]);
    expect(data.giftsReceived).toEqual([expect.objectContaining({ id: received.giftId, amountMinor: 1_000 })]);
    expect(data.demoRequests.map((r) => r.id).sort()).toEqual([signedIn!.id, byEmail!.id].sort());
    expect(data.demoRequests.map((r) => r.id)).not.toContain(notTheirs!.id);
    expect(data.auditHistory).toEqual([
      expect.objectContaining({ action: "lead.note", targetId: byEmail!.id, details: { note: "called" } }),
    ]);
    expect(data.logEvents).toEqual([expect.objectContaining({ currentUrl: "/demo/[redacted]" })]);

    // No secret anywhere in the file as it is downloaded.
    const file = JSON.stringify(data, null, 2);
    for (const secret of [
      giftCode,
      receivedRow!.code!,
      demoToken,
      seat!.token,
      seat!.meetingRoom,
      unsubscribeToken,
      stripeSession,
      stripeIntent,
      family.uid,
      (await database.db.select().from(sections).where(eq(sections.id, sectionId)))[0]!.meetingRoom,
    ]) {
      expect(file).not.toContain(secret);
    }
    expect(file).not.toMatch(/"(code|token|payload|sessionsValidAfter|firebaseUid|stripe\w*)":/i);

    const audit = await database.db.select().from(auditEvents).where(eq(auditEvents.action, EXPORT_ACTION));
    expect(audit).toEqual([
      expect.objectContaining({
        actorEmail: support.email,
        targetType: "user",
        targetId: String(family.id),
        details: { emailVerified: true, byRole: "support" },
      }),
    ]);
  });

  it("holds the children's own sign-ins with the parent's consent and the calendar links, never a hash or a link's token", async () => {
    const family = await newAccount(true);
    const consentAt = new Date("2030-05-01T10:00:00Z");
    await setLearnerSignIn(
      family.id,
      family.learnerId,
      { kind: "pictures", username: `ada-${family.id}`, pictures: ["cat", "sun", "tree"], consent: true },
      consentAt,
    );
    const feedUrl = await renewFeed({ scope: "learner", userId: family.id, learnerId: family.learnerId });
    const data = await exportAccountData(admin, String(family.id));
    expect(data.learnerSignIns).toEqual([
      expect.objectContaining({ learnerId: family.learnerId, username: `ada-${family.id}`, kind: "pictures", consentAt }),
    ]);
    expect(data.calendarFeeds).toEqual([expect.objectContaining({ scope: "learner", learnerId: family.learnerId })]);
    const text = JSON.stringify(data);
    expect(text).not.toContain("scrypt");
    expect(text).not.toContain(feedUrl.split("/").pop()!.replace(".ics", ""));
  });

  it("holds a teacher's vetting checks and proposed courses (issue 38)", async () => {
    const person = await newAccount(true);
    await database.db.insert(teacherChecks).values({
      userId: person.id,
      kind: "background",
      status: "flagged",
      checkedAt: new Date("2030-01-01T00:00:00Z"),
      note: "TEST: a record to read",
      providerRef: "test-bgc-1",
    });
    await database.db.insert(courseProposals).values({
      teacherId: person.id,
      title: "Kite Making",
      category: "lifestyle",
      gradeMin: 3,
      gradeMax: 6,
      description: "Build and fly a kite.",
      outcomes: "Wind, balance, patience.",
    });
    const data = await exportAccountData(admin, String(person.id));
    expect(data.teacherChecks).toEqual([
      expect.objectContaining({ kind: "background", status: "flagged", note: "TEST: a record to read" }),
    ]);
    expect(data.courseProposals).toEqual([expect.objectContaining({ title: "Kite Making", status: "pending" })]);
  });

  it("holds the person's messages as they typed them and the concerns they reported (issue 40), and no one else's", async () => {
    const family = await newAccount(true);
    const support = await insertActor(database.db, "support");
    const sectionId = await newSection(database.db);
    const [section] = await database.db.select().from(sections).where(eq(sections.id, sectionId));
    const [booking] = await database.db
      .insert(bookings)
      .values({
        kind: "seat",
        learnerId: family.learnerId,
        teacherId: section!.teacherId,
        sectionId,
        courseId: section!.courseId,
        startsAt: new Date(),
        endsAt: new Date(Date.now() + 3_600_000),
        status: "confirmed",
        token: randomUUID(),
      })
      .returning({ id: bookings.id });
    const [thread] = await database.db
      .insert(messageThreads)
      .values({ bookingId: booking!.id, familyId: family.id, teacherId: section!.teacherId, learnerId: family.learnerId })
      .returning({ id: messageThreads.id });
    await database.db.insert(messages).values([
      { threadId: thread!.id, authorId: family.id, authorRole: "family", body: "Hello, is there homework?" },
      {
        threadId: thread!.id,
        authorId: family.id,
        authorRole: "family",
        body: "Mail [contact details removed]",
        originalBody: "Mail fay@example.com",
        flagged: true,
      },
      { threadId: thread!.id, authorId: section!.teacherId, authorRole: "teacher", body: "Yes: scales." },
    ]);
    await database.db.insert(concernReports).values({
      reporterId: family.id,
      subjectType: "teacher",
      subjectId: String(section!.teacherId),
      subjectLabel: "Teacher: Test",
      reason: "other",
      details: "Worried about the class.",
    });
    const data = await exportAccountData(support, String(family.id));
    expect(data.messages.map((m) => m.body)).toEqual(["Hello, is there homework?", "Mail fay@example.com"]);
    expect(data.concernsReported).toEqual([
      expect.objectContaining({ about: "Teacher: Test", details: "Worried about the class.", status: "new" }),
    ]);
  });

  it("refuses support for an unverified account, with the reason; an admin may, and nothing is matched by its email", async () => {
    const squatter = await newAccount(false);
    const [othersRequest, ownRequest] = await database.db
      .insert(demoRequests)
      .values([
        { userEmail: squatter.email, course: "not-sure", name: "Real Parent", phone: "555 0199" },
        { userEmail: squatter.email, course: "not-sure", userId: squatter.id },
      ])
      .returning({ id: demoRequests.id });

    expect(await checkAccountExport(support, squatter.id)).toEqual({ ok: false, code: "forbidden", message: EXPORT_MESSAGES.unverified });
    await expect(exportAccountData(support, squatter.id)).rejects.toMatchObject({ code: "forbidden", message: EXPORT_MESSAGES.unverified });
    const before = await database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.targetId, String(squatter.id)));
    expect(before).toEqual([]);

    const data = await exportAccountData(admin, squatter.id);
    expect(data.account).toMatchObject({ id: squatter.id, emailVerified: false });
    // The request someone else made with that address is not this account's until it is verified.
    expect(data.demoRequests.map((r) => r.id)).toEqual([ownRequest!.id]);
    expect(JSON.stringify(data)).not.toContain(othersRequest!.id);
    expect(
      await database.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.targetId, String(squatter.id))),
    ).toEqual([
      expect.objectContaining({ action: EXPORT_ACTION, actorEmail: admin.email, details: { emailVerified: false, byRole: "admin" } }),
    ]);
  });

  it("a demo request's page finds its account: the one signed in, or a verified one with its email; never an unverified one by email", async () => {
    const verified = await newAccount(true);
    const unverified = await newAccount(false);
    const [signedIn, byVerifiedEmail, byUnverifiedEmail, nobody, squatted] = await database.db
      .insert(demoRequests)
      .values([
        { userEmail: "typed@example.com", course: "not-sure", userId: verified.id },
        { userEmail: verified.email.toUpperCase(), course: "not-sure" },
        { userEmail: unverified.email, course: "not-sure" },
        { userEmail: "nobody@example.com", course: "not-sure" },
        { userEmail: unverified.email, course: "not-sure", userId: unverified.id },
      ])
      .returning({ id: demoRequests.id });
    expect(await findLeadAccountExport(support, signedIn!.id)).toMatchObject({
      kind: "linked",
      accountId: verified.id,
      check: { ok: true },
    });
    expect(await findLeadAccountExport(support, byVerifiedEmail!.id)).toMatchObject({
      kind: "matched",
      accountId: verified.id,
      check: { ok: true },
    });
    expect(await findLeadAccountExport(support, byUnverifiedEmail!.id)).toEqual({ kind: "none", message: LEAD_WITHOUT_ACCOUNT });
    expect(await findLeadAccountExport(admin, byUnverifiedEmail!.id)).toEqual({ kind: "none", message: LEAD_WITHOUT_ACCOUNT });
    expect(await findLeadAccountExport(support, nobody!.id)).toEqual({ kind: "none", message: LEAD_WITHOUT_ACCOUNT });
    // Made signed in by an unverified account: it is that account's, but support may not export it; an admin may.
    expect(await findLeadAccountExport(support, squatted!.id)).toMatchObject({
      kind: "linked",
      accountId: unverified.id,
      check: { ok: false, message: EXPORT_MESSAGES.unverified },
    });
    expect(await findLeadAccountExport(admin, squatted!.id)).toMatchObject({ kind: "linked", check: { ok: true } });
  });

  it("answers an unknown or malformed account clearly, and refuses anyone without privacy.export", async () => {
    await expect(exportAccountData(admin, 987_654)).rejects.toMatchObject({
      code: "not-found",
      message: EXPORT_MESSAGES.notFound(987_654),
    });
    await expect(exportAccountData(support, "not-a-number")).rejects.toMatchObject({ code: "invalid", message: EXPORT_MESSAGES.malformed });
    const family = await newAccount(true);
    await expect(exportAccountData({ id: family.id, email: family.email, role: "teacher" }, family.id)).rejects.toMatchObject({
      code: "forbidden",
      message: "You are not allowed to do that.",
    });
    await expect(exportAccountData({ id: family.id, email: family.email, role: "student" }, family.id)).rejects.toMatchObject({
      code: "forbidden",
    });
    await expect(exportAccountData(null, family.id)).rejects.toMatchObject({ code: "unauthenticated" });
  });
});
