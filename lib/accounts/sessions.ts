import "server-only";

import { forgetAccountStatus } from "@/lib/platform/auth/account-status";
import { adminAuth } from "@/lib/platform/auth/firebase-admin";
import type { Actor } from "@/lib/platform/auth/permissions";
import { callFirebase } from "@/lib/platform/auth/sign-in";
import { findUserById, updateUserRow } from "@/lib/platform/auth/users";
import { AppError } from "@/lib/platform/errors";

/**
 * "Sign out everywhere": every session of the account issued until now ends, this one included.
 * The row first (every instance reads it on every session read, so it takes effect at once), then
 * Firebase's refresh tokens, so a client holding one cannot mint new ID tokens either.
 */
export async function signOutEverywhere(actor: Actor | null): Promise<void> {
  if (!actor) throw new AppError("unauthenticated", "Please sign in first.");
  const row = await findUserById(actor.id);
  if (!row) throw new AppError("unauthenticated", "Please sign in first.");
  await updateUserRow(row.id, { sessionsValidAfter: new Date() });
  await callFirebase(() => adminAuth().revokeRefreshTokens(row.firebaseUid));
  forgetAccountStatus(row.firebaseUid);
}
