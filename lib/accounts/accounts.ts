import "server-only";

import { randomUUID } from "node:crypto";

import { eq } from "drizzle-orm";

import { recordAudit, type AuditActor } from "@/lib/audit/audit";
import { adminAuth } from "@/lib/platform/auth/firebase-admin";
import { IdentityError } from "@/lib/platform/auth/errors";
import { accountDeleted, passwordResetRequested, verificationEmailRequested } from "@/lib/accounts/events";
import { readPasswordResetCode, resetPasswordWithCode, signInWithPassword } from "@/lib/platform/auth/identity-toolkit";
import { isLongEnoughNewPassword } from "@/lib/platform/auth/password-rules";
import type { Role } from "@/lib/platform/auth/roles";
import type { SignUpInput } from "@/lib/platform/auth/schema";
import type { SessionUser } from "@/lib/platform/auth/session-user";
import { callFirebase, setClaims, toSessionUser } from "@/lib/platform/auth/sign-in";
import { findUserByFirebaseUid, updateUserRow, upsertUserRow, userRowColumns, type UserRow } from "@/lib/platform/auth/users";
import { eraseAccountData } from "@/lib/accounts/erase";
import { getDb, type Transaction } from "@/lib/platform/db/client";
import { emit } from "@/lib/platform/events/events";
import { users } from "@/lib/platform/db/schema";

export interface RegisterOptions {
  /** Sends the verification email (the sign-up form's; tests leave it out). */
  sendVerificationEmail?: boolean;
}

/**
 * Sign-up: the Firebase user with its display name, the users row, then the claims role: student
 * and databaseId; then the verification email. The email stays unverified until its link is
 * followed, and nothing is matched by it until then (security issue: account squatting).
 */
export async function registerAccount(input: SignUpInput, options: RegisterOptions = {}): Promise<SessionUser> {
  refuseShortNewPassword(input.password);
  const record = await callFirebase(() =>
    adminAuth().createUser({ email: input.email, password: input.password, displayName: input.displayName }),
  );
  let user: SessionUser;
  try {
    const row = await upsertUserRow({ firebaseUid: record.uid, email: input.email, displayName: input.displayName, role: "student" });
    await setClaims(record.uid, row);
    user = toSessionUser(row, record.photoURL ?? null, record.emailVerified);
  } catch (error) {
    // Leave no half-made account behind: the next try must not meet "email already in use".
    await adminAuth()
      .deleteUser(record.uid)
      .catch(() => undefined);
    throw error;
  }
  if (options.sendVerificationEmail) {
    // The account exists whatever happens here: a lost email is what /my-courses' resend button is for.
    await requestVerificationEmail(user.databaseId).catch((error: unknown) =>
      console.error("[accounts] could not queue the verification email:", error instanceof Error ? error.message : error),
    );
  }
  return user;
}

/**
 * Queues the verification email: an event the outbox hands to its reaction, which makes the link
 * with firebase-admin and sends the product's own email (Firebase's emulator sends none).
 */
async function requestVerificationEmail(databaseId: number): Promise<void> {
  await emit(await getDb(), verificationEmailRequested, { userId: databaseId, requestId: randomUUID() });
}

/**
 * Sends the verification email again (the resend button; its caller limits it per account). An
 * account already verified gets nothing.
 */
export async function resendEmailVerification(user: Pick<SessionUser, "id" | "databaseId">): Promise<boolean> {
  const record = await callFirebase(() => adminAuth().getUser(user.id));
  if (record.emailVerified) return false;
  await requestVerificationEmail(user.databaseId);
  return true;
}

/** Re-authenticates with the current password; a different account's password is a user mismatch. */
async function reauthenticate(user: Pick<SessionUser, "id" | "email">, password: string) {
  const answer = await signInWithPassword(user.email, password);
  if (answer.localId !== user.id) throw new IdentityError("USER_MISMATCH");
  return answer;
}

/** The schemas check it first; here again so no caller sets a password Firebase would take at 6 characters. */
function refuseShortNewPassword(password: string) {
  if (!isLongEnoughNewPassword(password)) throw new IdentityError("WEAK_PASSWORD");
}

/** Re-authenticate, then update; older sessions stop working (STACK-NOTES: JWTs outlive a password change). */
export async function changePassword(user: SessionUser, currentPassword: string, newPassword: string): Promise<void> {
  refuseShortNewPassword(newPassword);
  await reauthenticate(user, currentPassword);
  await callFirebase(() => adminAuth().updateUser(user.id, { password: newPassword }));
  await updateUserRow(user.databaseId, { sessionsValidAfter: new Date() });
}

export async function updateDisplayName(user: SessionUser, displayName: string): Promise<void> {
  await callFirebase(() => adminAuth().updateUser(user.id, { displayName }));
  await updateUserRow(user.databaseId, { displayName });
}

/**
 * 'Forgot password?': queues the request, whether or not an account has this email, so neither
 * the answer nor its time tells which; the reaction sends the email only to an account (SPEC 7:
 * its link leads back to /signin through this site's reset page).
 */
export async function requestPasswordReset(email: string): Promise<void> {
  await emit(await getDb(), passwordResetRequested, { email: email.trim(), requestId: randomUUID() });
}

/** The email a reset link is for, checked before the page asks for a new password. */
export async function checkPasswordResetCode(oobCode: string): Promise<string> {
  return readPasswordResetCode(oobCode);
}

/**
 * Sets the new password from the emailed link. Firebase revokes the account's tokens, so sessions
 * elsewhere end (README "Sessions"); the row records it too, as a password change here does.
 */
export async function resetPassword(oobCode: string, newPassword: string): Promise<void> {
  refuseShortNewPassword(newPassword);
  const email = await resetPasswordWithCode(oobCode, newPassword);
  const record = email
    ? await adminAuth()
        .getUserByEmail(email)
        .catch(() => null)
    : null;
  const row = record ? await findUserByFirebaseUid(record.uid) : null;
  if (row) await updateUserRow(row.id, { sessionsValidAfter: new Date() });
}

export { ANONYMISED_EMAIL } from "@/lib/accounts/erase";

/**
 * Deletes the account after re-authentication: the Firebase user, the users row and every copy of
 * the person's data (lib/accounts/erase.ts); demo requests made while signed in, and those made
 * with its email once the email is verified, stay for the figures but lose everything that
 * identifies a person. Whether it is verified is asked of Firebase now, not of the session.
 */
export async function deleteAccount(user: SessionUser, password: string): Promise<void> {
  const answer = await reauthenticate(user, password);
  const decoded = await callFirebase(() => adminAuth().verifyIdToken(answer.idToken));
  const emailVerified = decoded.email_verified === true;
  const db = await getDb();
  await db.transaction(async (tx) => {
    await eraseAccountData(tx, { email: user.email, emailVerified, databaseId: user.databaseId, firebaseUid: user.id });
    await emit(tx, accountDeleted, { userId: user.databaseId });
    // Last, inside the transaction: if Firebase refuses, nothing is deleted and the person can try
    // again, rather than keeping a sign-in that would get a fresh, empty row at its next use.
    await callFirebase(() => adminAuth().deleteUser(user.id));
  });
}

/**
 * A role by email (the CLI and the demo accounts): claims and row together. `auditAs` records the
 * change with who made it, as the admin dashboard's changes are (setUserRoleById).
 */
export async function setUserRole(email: string, role: Role, options: { auditAs?: AuditActor } = {}): Promise<UserRow> {
  const record = await callFirebase(() => adminAuth().getUserByEmail(email));
  const before = await findUserByFirebaseUid(record.uid);
  const row = await upsertUserRow({ firebaseUid: record.uid, email: record.email ?? email, displayName: record.displayName ?? null, role });
  await setClaims(record.uid, row);
  if (options.auditAs && before?.role !== role) {
    await recordAudit(await getDb(), options.auditAs, {
      action: "user.role",
      targetType: "user",
      targetId: row.id,
      details: { email: row.email, from: before?.role ?? null, to: role },
    });
  }
  return row;
}

/** What a role change did, for the audit record written beside it. */
export interface RoleChange {
  row: UserRow;
  from: Role;
}

/**
 * The role of users.id `userId` (the admin dashboard): the row, then whatever `alongside` writes
 * (the audit record), then the claims, all inside one transaction, so a Firebase failure leaves
 * the row as it was. Null when there is no such user.
 */
export async function setUserRoleById(
  userId: number,
  role: Role,
  alongside?: (tx: Transaction, change: RoleChange) => Promise<void>,
): Promise<RoleChange | null> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [current] = await tx.select({ role: users.role }).from(users).where(eq(users.id, userId)).for("update");
    if (!current) return null;
    const [row] = await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, userId)).returning(userRowColumns);
    if (!row) return null;
    const change = { row, from: current.role };
    await alongside?.(tx, change);
    // Last, so every database write before it rolls back if Firebase refuses. Should the commit
    // itself fail, the next sign-in repairs the claims from the row (sessionUserFromToken).
    await setClaims(row.firebaseUid, row);
    return change;
  });
}
