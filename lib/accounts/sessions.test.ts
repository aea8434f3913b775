import { randomUUID } from "node:crypto";

import { eq } from "drizzle-orm";
import type { JWT } from "next-auth/jwt";

import { ACCOUNT_STATUS_TTL_MS, forgetAccountStatus } from "@/lib/platform/auth/account-status";
import { adminAuth } from "@/lib/platform/auth/firebase-admin";
import { authOptions } from "@/lib/platform/auth/options";
import { SESSION_LIMITS } from "@/lib/platform/auth/session-limits";
import { signInWithEmailPassword } from "@/lib/platform/auth/sign-in";
import { users } from "@/lib/platform/db/schema";
import { AppError } from "@/lib/platform/errors";
import { openTestDatabase } from "@/test/database";

import { registerAccount } from "./accounts";
import { makePasswordResetLink } from "./email-links";
import { signOutEverywhere } from "./sessions";

/**
 * Issue 3: sessions end when the account's sign-in is ended anywhere, not only by the in-app
 * password change: a reset through the emailed link, a disable in Firebase, "Sign out everywhere",
 * and the absolute maximum age. Against the real Auth Emulator; the jwt callback is what next-auth
 * runs on every session read, and a throw there is a signed-out visitor.
 */

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());
afterEach(() => {
  jest.restoreAllMocks();
  forgetAccountStatus();
});

const password = "correct-horse-1";
const jwt = authOptions.callbacks!.jwt!;
const emulator = `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}`;

async function newAccount() {
  const email = `sessions.${randomUUID().slice(0, 8)}@example.com`;
  const user = await registerAccount({ displayName: "Session Test", email, password });
  return { email, user };
}

/** A session as next-auth makes it at sign-in, then read once (as the first page does). */
async function signIn(email: string, pass = password): Promise<JWT> {
  const user = await signInWithEmailPassword(email, pass);
  const token = await jwt({ token: {}, user: user as never, account: null, trigger: "signIn" } as never);
  return read(token);
}

const read = (token: JWT) => jwt({ token } as never) as Promise<JWT>;

/** The clock the jwt callback and the status cache read, moved on by `ms`. */
function advanceClock(ms: number) {
  const now = Date.now.bind(Date);
  jest.spyOn(Date, "now").mockImplementation(() => now() + ms);
}

/** Firebase keeps revocation times in whole seconds: let the next second begin. */
const nextSecond = () => new Promise((resolve) => setTimeout(resolve, 1100));

/** The emailed link, followed: the reset's out-of-band code from the emulator, applied with a new password. */
async function resetThroughEmailedLink(email: string, newPassword: string) {
  // The emailed link's code (lib/reactions/account-mail.ts makes it so), used at Firebase directly.
  const link = await makePasswordResetLink(email);
  const code = { oobCode: new URL(link!).searchParams.get("oobCode") };
  const answer = await fetch(`${emulator}/identitytoolkit.googleapis.com/v1/accounts:resetPassword?key=any`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ oobCode: code!.oobCode, newPassword }),
  });
  expect(answer.ok).toBe(true);
}

describe("sessions end when the sign-in is ended elsewhere (issue 3)", () => {
  it("a password reset through the emailed link ends older sessions once the cached status expires", async () => {
    const { email, user } = await newAccount();
    // The cache serves verified accounts; an unverified one is read every time (account-status.ts).
    await adminAuth().updateUser(user.id, { emailVerified: true });
    const older = await signIn(email);
    await nextSecond();
    await resetThroughEmailedLink(email, "reset-password-2");

    // Within the cache's minute the older session still reads (the delay the cache allows)...
    await expect(read(older)).resolves.toMatchObject({ user: { email } });
    // ...and after it, it is over.
    advanceClock(ACCOUNT_STATUS_TTL_MS + 1000);
    await expect(read(older)).rejects.toThrow("session revoked");
    // A sign-in with the new password is a working session.
    await expect(signIn(email, "reset-password-2")).resolves.toMatchObject({ user: { email } });
  });

  it("a user disabled in Firebase is signed out", async () => {
    const { email, user } = await newAccount();
    const session = await signIn(email);
    await adminAuth().updateUser(user.id, { disabled: true });
    advanceClock(ACCOUNT_STATUS_TTL_MS + 1000);
    await expect(read(session)).rejects.toThrow("session revoked");
  });

  it("a user deleted from Firebase is signed out", async () => {
    const { email, user } = await newAccount();
    const session = await signIn(email);
    await adminAuth().deleteUser(user.id);
    forgetAccountStatus(user.id);
    await expect(read(session)).rejects.toThrow("session revoked");
  });

  it("a session ends at the absolute maximum age, however much it is used", async () => {
    const { email } = await newAccount();
    const session = await signIn(email);
    advanceClock(SESSION_LIMITS.student.absoluteMs - 60_000);
    await expect(read(session)).resolves.toMatchObject({ user: { email } });
    jest.restoreAllMocks();
    advanceClock(SESSION_LIMITS.student.absoluteMs + 1000);
    await expect(read(session)).rejects.toThrow("session expired");
    // A token without its sign-in time predates the rule: over.
    const { issuedAtMs: _omitted, ...undated } = session;
    jest.restoreAllMocks();
    await expect(read(undated)).rejects.toThrow("session expired");
  });

  it('"Sign out everywhere" ends every session of the account at once, and revokes its Firebase tokens', async () => {
    const { email, user } = await newAccount();
    const other = await newAccount();
    const [phone, laptop, someoneElse] = [await signIn(email), await signIn(email), await signIn(other.email)];
    await nextSecond();

    await signOutEverywhere({ id: user.databaseId, email, role: "student" });

    await expect(read(phone)).rejects.toThrow("session revoked");
    await expect(read(laptop)).rejects.toThrow("session revoked");
    await expect(read(someoneElse)).resolves.toMatchObject({ user: { email: other.email } });
    const [row] = await database.db
      .select({ sessionsValidAfter: users.sessionsValidAfter })
      .from(users)
      .where(eq(users.id, user.databaseId));
    expect(row!.sessionsValidAfter!.getTime()).toBeGreaterThan(phone.issuedAtMs!);
    const record = await adminAuth().getUser(user.id);
    expect(Date.parse(record.tokensValidAfterTime!)).toBeGreaterThan(laptop.issuedAtMs!);
    // Signing in again works.
    await expect(signIn(email)).resolves.toMatchObject({ user: { email } });
  });

  it('"Sign out everywhere" needs a session', async () => {
    await expect(signOutEverywhere(null)).rejects.toEqual(new AppError("unauthenticated", "Please sign in first."));
  });
});

describe("staff sessions are short, and Log Out ends the session on the server (issue 26 finding 5)", () => {
  const MINUTE = 60_000;

  /** A signed-in account given `role` in its row, as an admin's role change does. */
  async function signedInAs(role: "admin" | "support" | "teacher") {
    const { email, user } = await newAccount();
    await database.db.update(users).set({ role }).where(eq(users.id, user.databaseId));
    return { email, user, session: await signIn(email) };
  }

  /** The session as the browser holds it after its last use `ms` ago. */
  const lastUsed = (token: JWT, ms: number): JWT => ({ ...token, lastSeenMs: Date.now() - ms });

  it("an admin session unused for more than 30 minutes is over; a parent's is not", async () => {
    const admin = await signedInAs("admin");
    await expect(read(lastUsed(admin.session, 29 * MINUTE))).resolves.toMatchObject({ user: { role: "admin" } });
    await expect(read(lastUsed(admin.session, 31 * MINUTE))).rejects.toThrow("session idle");
    const support = await signedInAs("support");
    await expect(read(lastUsed(support.session, 31 * MINUTE))).rejects.toThrow("session idle");

    const parent = await newAccount();
    await expect(read(lastUsed(await signIn(parent.email), 31 * MINUTE))).resolves.toMatchObject({ user: { role: "student" } });
  });

  it("each read counts as use: the idle clock starts again", async () => {
    const admin = await signedInAs("admin");
    const readAgain = await read(lastUsed(admin.session, 20 * MINUTE));
    expect(readAgain.lastSeenMs).toBeGreaterThan(Date.now() - 1000);
    advanceClock(20 * MINUTE);
    await expect(read(readAgain)).resolves.toMatchObject({ user: { role: "admin" } });
  });

  it("an admin session ends 12 hours after sign-in however much it is used; a parent's lasts", async () => {
    const admin = await signedInAs("admin");
    const parent = await newAccount();
    const parentSession = await signIn(parent.email);
    advanceClock(12 * 60 * MINUTE + 1000);
    await expect(read({ ...admin.session, lastSeenMs: Date.now() - MINUTE })).rejects.toThrow("session expired");
    await expect(read({ ...parentSession, lastSeenMs: Date.now() - MINUTE })).resolves.toMatchObject({ user: { email: parent.email } });
  });

  it("a parent made admin keeps a session only within the admin's limits", async () => {
    const { email, user } = await newAccount();
    const session = await signIn(email);
    advanceClock(13 * 60 * MINUTE);
    await database.db.update(users).set({ role: "admin" }).where(eq(users.id, user.databaseId));
    await expect(read({ ...session, lastSeenMs: Date.now() - MINUTE })).rejects.toThrow("session expired");
  });

  it("Log Out ends the session on the server: a copy of the cookie no longer reads; signing in again works", async () => {
    const { email } = await newAccount();
    const session = await signIn(email);
    const copied = { ...session };
    await nextSecond();

    await authOptions.events!.signOut!({ token: session } as never);

    await expect(read(copied)).rejects.toThrow("session revoked");
    await expect(signIn(email)).resolves.toMatchObject({ user: { email } });
  });
});
