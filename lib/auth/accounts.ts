import "server-only";

import { eq, sql } from "drizzle-orm";
import type { DecodedIdToken } from "firebase-admin/auth";

import { recordAudit, type AuditActor } from "@/lib/audit/audit";
import { adminAuth } from "@/lib/auth/firebase-admin";
import { IdentityError, identityCodeOf } from "@/lib/auth/errors";
import { sendPasswordResetEmail, signInWithGoogleIdToken, signInWithPassword } from "@/lib/auth/identity-toolkit";
import { isRole, type Role } from "@/lib/auth/roles";
import type { SignUpInput } from "@/lib/auth/schema";
import type { SessionUser } from "@/lib/auth/session-user";
import { findUserByFirebaseUid, updateUserRow, upsertUserRow, type UserRow } from "@/lib/auth/users";
import { getDb, type Database } from "@/lib/db/client";
import { demoRequests, logEvents, users } from "@/lib/db/schema";

/** Runs a firebase-admin call, turning its failures into IdentityError. */
async function firebase<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    throw new IdentityError(identityCodeOf(error));
  }
}

/** Sets the claims the session is built from (SPEC 3: role and databaseId). */
async function setClaims(uid: string, row: Pick<UserRow, "id" | "role">) {
  await firebase(() => adminAuth().setCustomUserClaims(uid, { role: row.role, databaseId: row.id }));
}

/** Sign-up: the Firebase user with its display name, the users row, then the claims role: student and databaseId. */
export async function registerAccount(input: SignUpInput): Promise<SessionUser> {
  const record = await firebase(() =>
    adminAuth().createUser({ email: input.email, password: input.password, displayName: input.displayName }),
  );
  try {
    const row = await upsertUserRow({ firebaseUid: record.uid, email: input.email, displayName: input.displayName, role: "student" });
    await setClaims(record.uid, row);
    return toSessionUser(row, record.photoURL ?? null);
  } catch (error) {
    // Leave no half-made account behind: the next try must not meet "email already in use".
    await adminAuth().deleteUser(record.uid).catch(() => undefined);
    throw error;
  }
}

/**
 * Email/password sign-in: the provider checks the password, the verified ID
 * token's claims give role and databaseId. An account without claims (made in
 * the Firebase console) gets its row and claims here.
 */
export async function signInWithEmailPassword(email: string, password: string): Promise<SessionUser> {
  const answer = await signInWithPassword(email, password);
  const decoded = await firebase(() => adminAuth().verifyIdToken(answer.idToken));
  return sessionUserFromToken(decoded);
}

/** Google sign-in: the Google ID token becomes a Firebase user, whose claims give the role. */
export async function signInWithGoogle(googleIdToken: string, requestUri: string): Promise<SessionUser> {
  const answer = await signInWithGoogleIdToken(googleIdToken, requestUri);
  const decoded = await firebase(() => adminAuth().verifyIdToken(answer.idToken));
  return sessionUserFromToken(decoded);
}

export async function sessionUserFromToken(decoded: DecodedIdToken): Promise<SessionUser> {
  const row = await findUserByFirebaseUid(decoded.uid);
  const claimsMatch = row && isRole(decoded.role) && decoded.databaseId === row.id && decoded.role === row.role;
  const current =
    row ??
    (await upsertUserRow({
      firebaseUid: decoded.uid,
      email: decoded.email ?? "",
      displayName: (decoded.name as string | undefined) ?? null,
      photoUrl: decoded.picture ?? null,
    }));
  if (!claimsMatch) await setClaims(decoded.uid, current);
  return toSessionUser(current, decoded.picture ?? null);
}

export function toSessionUser(row: UserRow, photoURL: string | null): SessionUser {
  return {
    id: row.firebaseUid,
    name: row.displayName,
    email: row.email,
    displayName: row.displayName,
    photoURL: photoURL ?? row.photoUrl,
    role: row.role,
    databaseId: row.id,
  };
}

/** Re-authenticates with the current password; a different account's password is a user mismatch. */
async function reauthenticate(user: Pick<SessionUser, "id" | "email">, password: string) {
  const answer = await signInWithPassword(user.email, password);
  if (answer.localId !== user.id) throw new IdentityError("USER_MISMATCH");
}

/** Re-authenticate, then update; older sessions stop working (STACK-NOTES: JWTs outlive a password change). */
export async function changePassword(user: SessionUser, currentPassword: string, newPassword: string): Promise<void> {
  await reauthenticate(user, currentPassword);
  await firebase(() => adminAuth().updateUser(user.id, { password: newPassword }));
  await updateUserRow(user.databaseId, { sessionsValidAfter: new Date() });
}

export async function updateDisplayName(user: SessionUser, displayName: string): Promise<void> {
  await firebase(() => adminAuth().updateUser(user.id, { displayName }));
  await updateUserRow(user.databaseId, { displayName });
}

/** Sends the reset email; answers the same whether or not the account exists, so it reveals nobody. */
export async function requestPasswordReset(email: string, continueUrl: string): Promise<void> {
  try {
    await sendPasswordResetEmail(email, continueUrl);
  } catch (error) {
    const code = identityCodeOf(error);
    if (code.startsWith("EMAIL_NOT_FOUND") || code.startsWith("USER_NOT_FOUND")) return;
    throw error;
  }
}

export const ANONYMISED_EMAIL = "deleted-account@anonymised.invalid";

/**
 * Deletes the account after re-authentication: the Firebase user, the users row
 * and the personal data of its log events; demo requests made with its email
 * stay for the figures but lose everything that identifies a person.
 */
export async function deleteAccount(user: SessionUser, password: string): Promise<void> {
  await reauthenticate(user, password);
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx
      .update(demoRequests)
      .set({ name: null, userEmail: ANONYMISED_EMAIL, phone: null, message: null, ipAddress: null, userAgent: null, updatedAt: new Date() })
      .where(sql`lower(${demoRequests.userEmail}) = lower(${user.email})`);
    await tx
      .update(logEvents)
      .set({ userId: null, ipAddress: null, userAgent: null })
      .where(sql`${logEvents.userId} in (${user.id}, ${String(user.databaseId)})`);
    await tx.delete(users).where(eq(users.id, user.databaseId));
    // Last, inside the transaction: if Firebase refuses, nothing is deleted and the person can try
    // again, rather than keeping a sign-in that would get a fresh, empty row at its next use.
    await firebase(() => adminAuth().deleteUser(user.id));
  });
}

/**
 * A role by email (the CLI and the demo accounts): claims and row together. `auditAs` records the
 * change with who made it, as the admin dashboard's changes are (setUserRoleById).
 */
export async function setUserRole(email: string, role: Role, options: { auditAs?: AuditActor } = {}): Promise<UserRow> {
  const record = await firebase(() => adminAuth().getUserByEmail(email));
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

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

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
    const [row] = await tx
      .update(users)
      .set({ role, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning({
        id: users.id,
        firebaseUid: users.firebaseUid,
        email: users.email,
        displayName: users.displayName,
        photoUrl: users.photoUrl,
        role: users.role,
        sessionsValidAfter: users.sessionsValidAfter,
      });
    if (!row) return null;
    const change = { row, from: current.role };
    await alongside?.(tx, change);
    // Last, so every database write before it rolls back if Firebase refuses. Should the commit
    // itself fail, the next sign-in repairs the claims from the row (sessionUserFromToken).
    await setClaims(row.firebaseUid, row);
    return change;
  });
}
