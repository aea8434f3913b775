import { randomUUID } from "node:crypto";

import { and, eq } from "drizzle-orm";
import type { JWT } from "next-auth/jwt";

import { getThread, postMessage, startThread } from "@/lib/messages/threads";
import { forgetAccountStatus } from "@/lib/platform/auth/account-status";
import { authOptions } from "@/lib/platform/auth/options";
import type { Actor } from "@/lib/platform/auth/permissions";
import { ACCOUNT_SUSPENDED_MESSAGE, signInWithEmailPassword } from "@/lib/platform/auth/sign-in";
import { auditEvents, users } from "@/lib/platform/db/schema";
import { actOnConcern } from "@/lib/safety/concern-actions";
import { reportConcern } from "@/lib/safety/concerns";
import { SAFETY_MESSAGES } from "@/lib/safety/schema";
import { openTestDatabase } from "@/test/database";
import { insertActor } from "@/test/fixtures";
import { seatForParent } from "@/test/message-fixtures";

import { registerAccount } from "./accounts";
import { liftSuspension } from "./suspension";
import { USER_MESSAGES } from "./user-directory-schema";

/**
 * Issue 40: support suspends a family's account from a concern. The account can no longer sign in,
 * and a session it already has ends at its next request (so it can neither post nor book: every
 * server action and route reads the session); its messages stay for support; it is audited; an
 * admin (not support) lifts it, and the family signs in again. Against the real Auth Emulator.
 */
let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());
afterEach(() => forgetAccountStatus());
const db = () => database.db;

const password = "correct-horse-1";
const jwt = authOptions.callbacks!.jwt!;
const read = (token: JWT) => jwt({ token } as never) as Promise<JWT>;
async function signIn(email: string): Promise<JWT> {
  const user = await signInWithEmailPassword(email, password);
  return read(await jwt({ token: {}, user: user as never, account: null, trigger: "signIn" } as never));
}

async function familyInAThread() {
  const email = `family.${randomUUID().slice(0, 8)}@example.com`;
  const registered = await registerAccount({ displayName: "Dana Family", email, password });
  const parent: Actor = { id: registered.databaseId, email, role: "student" };
  const { bookingId, teacherId } = await seatForParent(db(), parent.id);
  const teacher: Actor = { id: teacherId, email: "t@example.com", role: "teacher" };
  const { threadId } = await startThread(parent, { bookingId, body: "Can Ada have your number?" });
  return { email, parent, teacher, threadId };
}

const auditOf = (action: string, userId: number) =>
  db()
    .select({ actorId: auditEvents.actorId, details: auditEvents.details })
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.targetId, String(userId))));

test("a family suspended on a teacher's report cannot sign in or keep its session; its messages stay; only an admin lifts it", async () => {
  const { email, parent, teacher, threadId } = await familyInAThread();
  const session = await signIn(email);
  const support = await insertActor(db(), "support");
  const admin = await insertActor(db(), "admin");

  const { concernId } = await reportConcern(teacher, {
    subjectType: "family",
    subjectId: String(parent.id),
    reason: "unsafe_contact",
    details: "The parent keeps asking for my phone number.",
  });
  await actOnConcern(support, { concernId, action: "suspend-family" });

  const [row] = await db().select({ suspendedAt: users.suspendedAt }).from(users).where(eq(users.id, parent.id));
  expect(row!.suspendedAt).toBeInstanceOf(Date);
  expect(await auditOf("user.suspended", parent.id)).toEqual([{ actorId: support.id, details: { concernId } }]);
  // The session it had ends at its next read (every page, action and route); a new sign-in is refused with a message.
  await expect(read(session)).rejects.toThrow("session revoked");
  await expect(signInWithEmailPassword(email, password)).rejects.toMatchObject({ code: "forbidden", message: ACCOUNT_SUSPENDED_MESSAGE });
  // What it wrote stays for support.
  const thread = await getThread(support, threadId);
  expect(thread.messages.map((m) => m.body)).toContain("Can Ada have your number?");
  // Suspending again changes nothing and audits nothing more.
  await actOnConcern(support, { concernId, action: "suspend-family" });
  expect(await auditOf("user.suspended", parent.id)).toHaveLength(1);

  // Support cannot lift it; an admin can, once.
  await expect(liftSuspension(support, { userId: parent.id })).rejects.toMatchObject({ code: "forbidden" });
  await expect(liftSuspension(admin, { userId: parent.id })).resolves.toEqual({ email });
  await expect(liftSuspension(admin, { userId: parent.id })).rejects.toMatchObject({
    code: "conflict",
    message: USER_MESSAGES.notSuspended,
  });
  await expect(liftSuspension(admin, { userId: "abc" })).rejects.toMatchObject({ code: "invalid" });
  expect(await auditOf("user.suspension-lifted", parent.id)).toEqual([{ actorId: admin.id, details: null }]);
  await expect(signIn(email)).resolves.toMatchObject({ user: { email } });
});

test("a family is not suspended for a teacher's message, and staff or teachers cannot be suspended as a family", async () => {
  const { parent, teacher, threadId } = await familyInAThread();
  const support = await insertActor(db(), "support");
  const { messageId } = await postMessage(teacher, threadId, { body: "Hello Dana." });
  const { concernId } = await reportConcern(parent, {
    subjectType: "message",
    subjectId: String(messageId),
    reason: "inappropriate",
    details: "Unkind.",
  });
  await expect(actOnConcern(support, { concernId, action: "suspend-family" })).rejects.toMatchObject({
    code: "invalid",
    message: SAFETY_MESSAGES.actionNotApplicable,
  });
  // The reported account has become staff since: not a family's account to suspend.
  const { concernId: aboutFamily } = await reportConcern(teacher, {
    subjectType: "family",
    subjectId: String(parent.id),
    reason: "other",
    details: "Odd messages.",
  });
  await db().update(users).set({ role: "support" }).where(eq(users.id, parent.id));
  await expect(actOnConcern(support, { concernId: aboutFamily, action: "suspend-family" })).rejects.toMatchObject({
    code: "conflict",
    message: USER_MESSAGES.notAFamily,
  });
  const [row] = await db().select({ suspendedAt: users.suspendedAt }).from(users).where(eq(users.id, parent.id));
  expect(row!.suspendedAt).toBeNull();
});
