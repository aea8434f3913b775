import { randomUUID } from "node:crypto";

import { and, eq, sql } from "drizzle-orm";

import { registerAccount } from "@/lib/accounts/accounts";
import { makeVerificationLink } from "@/lib/accounts/email-links";
import { authOptions } from "@/lib/platform/auth/options";
import type { SessionUser } from "@/lib/platform/auth/session-user";
import { bookings, demoRequests, learners, outbox } from "@/lib/platform/db/schema";
import { startOutboxWorker, stopOutboxWorker } from "@/lib/platform/outbox/worker";
import { bookDemoSlot } from "@/lib/scheduling/bookings";
import { UNNAMED_CHILD } from "@/lib/scheduling/learners";
import { eventSenders } from "@/lib/wiring/outbox-routes";
import { openTestDatabase } from "@/test/database";
import { EVERY_DAY, newCourse, newTeacher } from "@/test/scheduling-fixtures";

import { verifiedEmailDemos } from "./verified-email-demos";

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
  // As lib/wiring/start.ts does: the session callback runs email.verified's handlers through the started routes.
  startOutboxWorker({ senders: eventSenders() });
});
afterAll(async () => {
  stopOutboxWorker();
  await database.dispose();
});

const context = { actorId: null, now: new Date("2026-03-02T00:00:00Z"), slotMinutes: 30, leadTimeHours: 12 };

/** What the person does: follows the emailed link (firebase-admin's, as the email carries; the emulator applies the code). */
async function followVerificationLink(email: string) {
  const link = await makeVerificationLink(email);
  expect(link).not.toBeNull();
  expect((await fetch(link!, { redirect: "manual" })).status).toBeLessThan(400);
}

/** The session as next-auth keeps it: made at sign-in, then re-read as every page does. */
const jwt = authOptions.callbacks!.jwt!;
const signIn = (user: SessionUser) => jwt({ token: {}, user: user as never, account: null, trigger: "signIn" } as never);
const readSession = (token: Awaited<ReturnType<typeof jwt>>) => jwt({ token } as never);

/** A demo booked signed out with `email` (the picker after the demo form). */
async function bookedSignedOut(email: string) {
  const teacherId = await newTeacher(database.db, "UTC", EVERY_DAY(9 * 60, 17 * 60));
  const courseId = await newCourse(database.db, teacherId);
  const [request] = await database.db
    .insert(demoRequests)
    .values({ userEmail: email, course: String(courseId), courseId, grade: 6 })
    .returning({ id: demoRequests.id });
  return bookDemoSlot({ courseId, teacherId, startsAt: "2026-03-05T10:00:00Z", demoRequestId: request!.id }, context);
}

async function learnerOf(bookingId: string) {
  const [row] = await database.db.select({ learnerId: bookings.learnerId }).from(bookings).where(eq(bookings.id, bookingId));
  return row!.learnerId;
}

const childrenOf = (parentId: number) => database.db.select().from(learners).where(eq(learners.parentId, parentId));

describe("demos booked signed out get their child when the email is verified, not at a page visit", () => {
  it("after the verification link: at the next session read, once", async () => {
    const email = `verify.${randomUUID().slice(0, 8)}@example.com`;
    const booked = await bookedSignedOut(email);
    const user = await registerAccount({ displayName: "Parent", email, password: "correct-horse-1" }, { sendVerificationEmail: true });
    const token = await signIn(user);
    await readSession(token);
    // Unverified: anyone can sign up with another family's address, so nothing is attached.
    expect(await learnerOf(booked.id)).toBeNull();
    expect(await childrenOf(user.databaseId)).toEqual([]);

    await followVerificationLink(email);
    expect((await readSession(token)).user).toMatchObject({ emailVerified: true });
    const children = await childrenOf(user.databaseId);
    expect(children).toEqual([expect.objectContaining({ firstName: UNNAMED_CHILD, grade: 6 })]);
    expect(await learnerOf(booked.id)).toBe(children[0]!.id);

    // Later reads (the cookie still says unverified: only a sign-in rewrites it) add nothing.
    await readSession(token);
    await readSession(token);
    expect(await childrenOf(user.databaseId)).toHaveLength(1);
  });

  it("at a sign-in with a verified email", async () => {
    const email = `signin.${randomUUID().slice(0, 8)}@example.com`;
    const user = await registerAccount({ displayName: "Parent", email, password: "correct-horse-1" }, { sendVerificationEmail: true });
    await followVerificationLink(email);
    // Booked signed out after the account was verified, as a family that forgot to sign in does.
    const booked = await bookedSignedOut(email);
    expect(await learnerOf(booked.id)).toBeNull();
    await signIn({ ...user, emailVerified: true });
    expect(await learnerOf(booked.id)).not.toBeNull();
  });
});

describe("email.verified, the event", () => {
  const verifiedEvents = (userId: number) =>
    database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.topic, "event:email.verified"), sql`(${outbox.payload}->>'userId')::int = ${userId}`));

  it("is written when a session first shows the email verified (not before, not again), and its handlers have run by then", async () => {
    const email = `event.${randomUUID().slice(0, 8)}@example.com`;
    const user = await registerAccount({ displayName: "Parent", email, password: "correct-horse-1" }, { sendVerificationEmail: true });
    const token = await signIn(user);
    await readSession(token);
    expect(await verifiedEvents(user.databaseId)).toEqual([]);

    await followVerificationLink(email);
    await readSession(token);
    await readSession(token);
    const events = await verifiedEvents(user.databaseId);
    expect(events).toEqual([expect.objectContaining({ payload: { userId: user.databaseId, email } })]);
    // Handed to its handler and run before the session was returned.
    expect(events[0]!.deliveredAt).not.toBeNull();
    const [ran] = await database.db
      .select()
      .from(outbox)
      .where(eq(outbox.dedupeKey, `${events[0]!.dedupeKey}:family-demo-bookings`));
    expect(ran!.deliveredAt).not.toBeNull();
  });

  it("attaches once however often its handler is delivered", async () => {
    const email = `twice.${randomUUID().slice(0, 8)}@example.com`;
    const booked = await bookedSignedOut(email);
    const user = await registerAccount({ displayName: "Parent", email, password: "correct-horse-1" });
    for (let i = 0; i < 2; i += 1) await verifiedEmailDemos.handle(database.db, { userId: user.databaseId, email });
    const children = await childrenOf(user.databaseId);
    expect(children).toHaveLength(1);
    expect(await learnerOf(booked.id)).toBe(children[0]!.id);
  });
});
