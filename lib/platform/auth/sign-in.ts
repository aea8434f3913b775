import "server-only";

import type { DecodedIdToken } from "firebase-admin/auth";

import { adminAuth } from "@/lib/platform/auth/firebase-admin";
import { IdentityError, identityCodeOf } from "@/lib/platform/auth/errors";
import { AppError } from "@/lib/platform/errors";
import { signInWithGoogleIdToken, signInWithPassword } from "@/lib/platform/auth/identity-toolkit";
import { isRole } from "@/lib/platform/auth/roles";
import type { SessionUser } from "@/lib/platform/auth/session-user";
import { findUserByFirebaseUid, upsertUserRow, type UserRow } from "@/lib/platform/auth/users";

/*
 * Signing in and the claims the session is built from: the identity part of the platform that
 * next-auth's options need. Account changes (sign-up, password, deletion, roles) are the
 * accounts domain (lib/accounts/accounts.ts).
 */

/** Runs a firebase-admin call, turning its failures into IdentityError. */
export async function callFirebase<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    throw new IdentityError(identityCodeOf(error));
  }
}

/** Sets the claims the session is built from (SPEC 3: role and databaseId). */
export async function setClaims(uid: string, row: Pick<UserRow, "id" | "role">) {
  await callFirebase(() => adminAuth().setCustomUserClaims(uid, { role: row.role, databaseId: row.id }));
}

/**
 * Email/password sign-in: the provider checks the password, the verified ID
 * token's claims give role and databaseId. An account without claims (made in
 * the Firebase console) gets its row and claims here.
 */
export async function signInWithEmailPassword(email: string, password: string): Promise<SessionUser> {
  const answer = await signInWithPassword(email, password);
  const decoded = await callFirebase(() => adminAuth().verifyIdToken(answer.idToken));
  return sessionUserFromToken(decoded);
}

/** Google sign-in: the Google ID token becomes a Firebase user, whose claims give the role. */
export async function signInWithGoogle(googleIdToken: string, requestUri: string): Promise<SessionUser> {
  const answer = await signInWithGoogleIdToken(googleIdToken, requestUri);
  const decoded = await callFirebase(() => adminAuth().verifyIdToken(answer.idToken));
  return sessionUserFromToken(decoded);
}

/** What a suspended account is told at sign-in (not one of SPEC 8's provider messages: this product's own decision). */
export const ACCOUNT_SUSPENDED_MESSAGE = "This account is suspended. Please contact support.";

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
  // The password was right, but a suspended account gets no session (a safety concern: support's to lift).
  if (current.suspendedAt) throw new AppError("forbidden", ACCOUNT_SUSPENDED_MESSAGE);
  if (!claimsMatch) await setClaims(decoded.uid, current);
  return toSessionUser(current, decoded.picture ?? null, decoded.email_verified === true);
}

export function toSessionUser(row: UserRow, photoURL: string | null, emailVerified: boolean): SessionUser {
  return {
    id: row.firebaseUid,
    name: row.displayName,
    email: row.email,
    displayName: row.displayName,
    photoURL: photoURL ?? row.photoUrl,
    role: row.role,
    databaseId: row.id,
    emailVerified,
  };
}
