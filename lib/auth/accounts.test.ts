import { randomUUID } from "node:crypto";

import { eq } from "drizzle-orm";

import { COMMAND_LINE_ACTOR } from "@/lib/audit/audit";
import { auditEvents, demoRequests, users } from "@/lib/db/schema";
import { openTestDatabase } from "@/lib/testing/database";

import {
  ANONYMISED_EMAIL,
  changePassword,
  deleteAccount,
  registerAccount,
  requestPasswordReset,
  setUserRole,
  signInWithEmailPassword,
  signInWithGoogle,
} from "./accounts";
import { IDENTITY_MESSAGES } from "./errors";
import { adminAuth } from "./firebase-admin";
import { authOptions } from "./options";

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());

const uniqueEmail = (label: string) => `${label}.${randomUUID().slice(0, 8)}@example.com`;
const password = "correct-horse-1";

async function newAccount(label = "student") {
  const email = uniqueEmail(label);
  const user = await registerAccount({ displayName: `Test ${label}`, email, password });
  return { email, user };
}

describe("identity against the Auth Emulator", () => {
  it("sign-up creates the Firebase user with its display name, the users row, and the claims role: student and databaseId", async () => {
    const { email, user } = await newAccount();
    const [row] = await database.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ role: "student", displayName: "Test student", firebaseUid: user.id });
    const record = await adminAuth().getUser(user.id);
    expect(record.displayName).toBe("Test student");
    expect(record.customClaims).toEqual({ role: "student", databaseId: row!.id });
  });

  it("sign-in reads role and databaseId from the verified token's claims", async () => {
    const { email, user } = await newAccount();
    const signedIn = await signInWithEmailPassword(email, password);
    expect(signedIn).toEqual(user);
    expect(signedIn).toMatchObject({ role: "student", databaseId: expect.any(Number), email, displayName: "Test student" });
  });

  it("claims mirror the users row, which role changes write first: stale claims are repaired from the row at sign-in", async () => {
    const { email, user } = await newAccount();
    // As if a role change had set claims and then failed to commit its row.
    await adminAuth().setCustomUserClaims(user.id, { role: "admin", databaseId: 999_999 });
    const signedIn = await signInWithEmailPassword(email, password);
    expect(signedIn).toMatchObject({ role: "student", databaseId: user.databaseId });
    expect((await adminAuth().getUser(user.id)).customClaims).toEqual({ role: "student", databaseId: user.databaseId });
  });

  it("maps the provider's errors to the spec's messages", async () => {
    const { email } = await newAccount();
    await expect(registerAccount({ displayName: "Again", email, password })).rejects.toThrow(IDENTITY_MESSAGES.emailInUse);
    await expect(signInWithEmailPassword(email, "wrong-password")).rejects.toThrow(IDENTITY_MESSAGES.wrongPassword);
    await expect(signInWithEmailPassword(uniqueEmail("nobody"), password)).rejects.toThrow(IDENTITY_MESSAGES.userNotFound);
    await expect(registerAccount({ displayName: "Weak", email: uniqueEmail("weak"), password: "123" })).rejects.toThrow(IDENTITY_MESSAGES.weakPassword);
  });

  it("changing the password needs the current one, then only the new one works and older sessions end", async () => {
    const { email, user } = await newAccount();
    await expect(changePassword(user, "not-my-password", "brand-new-pass-2")).rejects.toThrow(IDENTITY_MESSAGES.wrongPassword);

    const jwt = authOptions.callbacks!.jwt!;
    const oldToken = await jwt({ token: {}, user: user as never, account: null, trigger: "signIn" } as never);
    await new Promise((r) => setTimeout(r, 5));
    await changePassword(user, password, "brand-new-pass-2");

    await expect(signInWithEmailPassword(email, password)).rejects.toThrow(IDENTITY_MESSAGES.wrongPassword);
    await expect(signInWithEmailPassword(email, "brand-new-pass-2")).resolves.toMatchObject({ email });
    // The session issued before the change is refused; a new sign-in is not.
    await expect(jwt({ token: oldToken } as never)).rejects.toThrow("session revoked");
    const fresh = await jwt({ token: {}, user: user as never, account: null, trigger: "signIn" } as never);
    await expect(jwt({ token: fresh } as never)).resolves.toMatchObject({ user: { email } });
  });

  it("a password of another account is a user mismatch", async () => {
    const first = await newAccount("first");
    const second = await newAccount("second");
    // Same password, other account: re-authentication resolves to a different uid.
    await expect(changePassword({ ...first.user, email: second.email }, password, "another-pass-3")).rejects.toThrow(IDENTITY_MESSAGES.userMismatch);
  });

  it("a password reset sends an out-of-band code returning to /signin, and says nothing about unknown emails", async () => {
    const { email } = await newAccount();
    await requestPasswordReset(email, "http://localhost:3000/signin");
    const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
    const project = process.env.FIREBASE_PROJECT_ID;
    const { oobCodes } = (await (await fetch(`http://${host}/emulator/v1/projects/${project}/oobCodes`)).json()) as {
      oobCodes: Array<{ email: string; requestType: string; oobLink: string }>;
    };
    const code = oobCodes.find((c) => c.email === email);
    expect(code).toMatchObject({ requestType: "PASSWORD_RESET" });
    expect(decodeURIComponent(code!.oobLink)).toContain("continueUrl=http://localhost:3000/signin");
    await expect(requestPasswordReset(uniqueEmail("ghost"), "http://localhost:3000/signin")).resolves.toBeUndefined();
  });

  it("setting a role updates the claims and the row together", async () => {
    const { email, user } = await newAccount();
    const row = await setUserRole(email, "support");
    expect(row.role).toBe("support");
    expect((await adminAuth().getUser(user.id)).customClaims).toEqual({ role: "support", databaseId: user.databaseId });
    expect(await signInWithEmailPassword(email, password)).toMatchObject({ role: "support" });
  });

  it("a role set from the command line is recorded with who and when, like the dashboard's", async () => {
    const { email, user } = await newAccount();
    await setUserRole(email, "teacher", { auditAs: COMMAND_LINE_ACTOR });
    const records = await database.db.select().from(auditEvents).where(eq(auditEvents.targetId, String(user.databaseId)));
    expect(records).toEqual([
      expect.objectContaining({
        actorId: null,
        actorEmail: COMMAND_LINE_ACTOR.email,
        action: "user.role",
        targetType: "user",
        details: { email, from: "student", to: "teacher" },
        createdAt: expect.any(Date),
      }),
    ]);
  });

  it("deleting the account needs the password, removes the user and anonymises their demo requests", async () => {
    const { email, user } = await newAccount();
    await database.db.insert(demoRequests).values({ userEmail: email.toUpperCase(), name: "Parent", phone: "555 0100", course: "not-sure" });
    await expect(deleteAccount(user, "wrong-password")).rejects.toThrow(IDENTITY_MESSAGES.wrongPassword);
    await deleteAccount(user, password);
    await expect(adminAuth().getUser(user.id)).rejects.toMatchObject({ code: "auth/user-not-found" });
    expect(await database.db.select().from(users).where(eq(users.id, user.databaseId))).toHaveLength(0);
    const remaining = await database.db.select().from(demoRequests).where(eq(demoRequests.userEmail, ANONYMISED_EMAIL));
    expect(remaining).toHaveLength(1);
    expect(remaining[0]).toMatchObject({ name: null, phone: null });
  });

  it("Google sign-in makes a Firebase user with a users row and the student claims", async () => {
    // The emulator accepts an unsigned Google ID token given as JSON.
    const email = uniqueEmail("google");
    const googleIdToken = JSON.stringify({ sub: `google-${randomUUID()}`, email, email_verified: true, name: "Gina Google" });
    const user = await signInWithGoogle(googleIdToken, "http://localhost:3000");
    expect(user).toMatchObject({ email, role: "student", databaseId: expect.any(Number) });
    expect((await adminAuth().getUser(user.id)).customClaims).toEqual({ role: "student", databaseId: user.databaseId });
    // The second time, the same account.
    expect(await signInWithGoogle(googleIdToken, "http://localhost:3000")).toMatchObject({ id: user.id, databaseId: user.databaseId });
  });
});
