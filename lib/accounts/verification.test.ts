import { randomUUID } from "node:crypto";

import { eq, inArray } from "drizzle-orm";

import { listLeadsForAccount } from "@/lib/dashboards/lead-lists";
import { authOptions } from "@/lib/platform/auth/options";
import type { SessionUser } from "@/lib/platform/auth/session-user";
import { signInWithEmailPassword } from "@/lib/platform/auth/sign-in";
import { demoRequests, outbox } from "@/lib/platform/db/schema";
import { openTestDatabase } from "@/test/database";

import { ANONYMISED_EMAIL, deleteAccount, registerAccount, resendEmailVerification } from "./accounts";
import { makeVerificationLink } from "./email-links";

/*
 * Security issue: account squatting. Anyone can sign up with another family's email; until the
 * address is verified, nothing is matched or changed by it, only by the account's own id.
 */

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());

const password = "correct-horse-1";

/** The verification requests the account has made (events; the email itself: lib/reactions/account-mail.test.ts). */
async function verificationRequests(userId: number) {
  const rows = await database.db.select().from(outbox).where(eq(outbox.topic, "event:account.verification-requested"));
  return rows.filter((row) => (row.payload as { userId: number }).userId === userId);
}

/** What the person does: follows the emailed link (firebase-admin's, as the email carries; the emulator applies the code). */
async function followVerificationLink(email: string) {
  const link = await makeVerificationLink(email);
  expect(link).not.toBeNull();
  // The emulator applies the code, then sends the browser on to the continue URL (no server runs there in Jest).
  const response = await fetch(link!, { redirect: "manual" });
  expect(response.status).toBeLessThan(400);
}

/** The session as next-auth keeps it: made at sign-in, then re-read as every page does. */
const jwt = authOptions.callbacks!.jwt!;
async function signIn(user: SessionUser) {
  return jwt({ token: {}, user: user as never, account: null, trigger: "signIn" } as never);
}
async function readSession(token: Awaited<ReturnType<typeof jwt>>): Promise<SessionUser> {
  const next = await jwt({ token } as never);
  return next.user as SessionUser;
}

async function signUp(email: string) {
  return registerAccount({ displayName: "Squatter", email, password }, { sendVerificationEmail: true });
}

/** The other family's request, made signed out with the address before anyone signed up with it. */
async function otherFamilysRequest(email: string) {
  const [lead] = await database.db
    .insert(demoRequests)
    .values({ userEmail: email, name: "Real Parent", phone: "555 0199", course: "not-sure", grade: 4, message: "For my daughter" })
    .returning({ id: demoRequests.id });
  await database.db
    .insert(outbox)
    .values({ topic: "demo_request.forward", dedupeKey: `demo_request:${lead!.id}`, payload: { userEmail: email, name: "Real Parent" } });
  return lead!.id;
}

async function ownRequest(user: SessionUser) {
  const [lead] = await database.db
    .insert(demoRequests)
    .values({ userEmail: user.email, name: "Signed-in request", course: "not-sure", grade: 7, userId: user.databaseId })
    .returning({ id: demoRequests.id });
  return lead!.id;
}

describe("email verification (security issue: account squatting)", () => {
  it("sign-up sends the verification email, whose link returns to /my-courses; the new session is unverified", async () => {
    const email = `new.${randomUUID().slice(0, 8)}@example.com`;
    const user = await signUp(email);
    expect(user.emailVerified).toBe(false);
    const requests = await verificationRequests(user.databaseId);
    expect(requests).toHaveLength(1);
    // The event names the account, never a link (a bearer secret made when the email is sent).
    expect(Object.keys(requests[0]!.payload as object).sort()).toEqual(["requestId", "userId"]);
    expect(await signInWithEmailPassword(email, password)).toMatchObject({ emailVerified: false });
  });

  it("an unverified account sees only its own requests, not another family's with the same email; verified, it sees both", async () => {
    const email = `family.${randomUUID().slice(0, 8)}@example.com`;
    const theirs = await otherFamilysRequest(email);
    const user = await signUp(email);
    const mine = await ownRequest(user);
    const token = await signIn(user);

    const before = await readSession(token);
    expect(before.emailVerified).toBe(false);
    expect((await listLeadsForAccount(before)).map((lead) => lead.id)).toEqual([mine]);

    await followVerificationLink(email);
    // The next session read shows it: no sign-out, no waiting for a cache.
    const after = await readSession(token);
    expect(after.emailVerified).toBe(true);
    expect((await listLeadsForAccount(after)).map((lead) => lead.id).sort()).toEqual([mine, theirs].sort());
    expect(await signInWithEmailPassword(email, password)).toMatchObject({ emailVerified: true });
  });

  it("deleting an unverified account erases what it made signed in and leaves the other family's request untouched", async () => {
    const email = `wipe.${randomUUID().slice(0, 8)}@example.com`;
    const theirs = await otherFamilysRequest(email);
    const user = await signUp(email);
    const mine = await ownRequest(user);

    await deleteAccount(user, password);

    const [other] = await database.db.select().from(demoRequests).where(eq(demoRequests.id, theirs));
    expect(other).toMatchObject({ userEmail: email, name: "Real Parent", phone: "555 0199", grade: 4, message: "For my daughter" });
    expect(
      await database.db
        .select()
        .from(outbox)
        .where(eq(outbox.dedupeKey, `demo_request:${theirs}`)),
    ).toHaveLength(1);
    const [own] = await database.db.select().from(demoRequests).where(eq(demoRequests.id, mine));
    expect(own).toMatchObject({ userEmail: ANONYMISED_EMAIL, name: null, userId: null });
  });

  it("deleting a verified account erases the requests made with its email too", async () => {
    const email = `owner.${randomUUID().slice(0, 8)}@example.com`;
    const earlier = await otherFamilysRequest(email);
    const user = await signUp(email);
    await followVerificationLink(email);

    await deleteAccount(user, password);

    const stored = await database.db
      .select()
      .from(demoRequests)
      .where(inArray(demoRequests.id, [earlier]));
    expect(stored).toEqual([expect.objectContaining({ userEmail: ANONYMISED_EMAIL, name: null, phone: null, message: null })]);
    expect(
      await database.db
        .select()
        .from(outbox)
        .where(eq(outbox.dedupeKey, `demo_request:${earlier}`)),
    ).toHaveLength(0);
  });

  it("the resend sends another verification email, and nothing once the email is verified", async () => {
    const email = `resend.${randomUUID().slice(0, 8)}@example.com`;
    const user = await signUp(email);
    expect(await verificationRequests(user.databaseId)).toHaveLength(1);
    expect(await resendEmailVerification(user)).toBe(true);
    expect(await verificationRequests(user.databaseId)).toHaveLength(2);
    await followVerificationLink(email);
    expect(await resendEmailVerification(user)).toBe(false);
    expect(await verificationRequests(user.databaseId)).toHaveLength(2);
  });
});
