import "server-only";

import { LRUCache } from "lru-cache";

import { adminAuth } from "@/lib/platform/auth/firebase-admin";

/** How long a Firebase account's status is trusted before it is read again. */
export const ACCOUNT_STATUS_TTL_MS = 60_000;

/** What Firebase says about an account that can end its sessions; null when the account is gone. */
export interface AccountStatus {
  disabled: boolean;
  /** Sessions issued before this (a password reset by email, revokeRefreshTokens) are over. */
  tokensValidAfterMs: number;
  /** Whether the person has followed the verification link: the session carries it (SessionUser.emailVerified). */
  emailVerified: boolean;
}

// Process-local on purpose, against ARCHITECTURE's "no state in process memory": this only delays a
// revocation made in Firebase (a reset through the emailed link, a disable in the console) by at most
// the TTL on each instance, and losing it costs one getUser call. Revocations made here also write
// users.sessions_valid_after, which every instance reads on every session read. Bounded: the accounts
// least recently read go first (each is one getUser call away). The TTL is checked below, against
// the caller's clock, because an unverified account is never fresh.
const ACCOUNT_STATUS_CACHE_MAX = 10_000;
const cache = new LRUCache<string, { status: AccountStatus | null; readAtMs: number }>({ max: ACCOUNT_STATUS_CACHE_MAX });

/** The account's status, from the cache when read within the TTL. Throws when Firebase cannot be asked. */
export async function firebaseAccountStatus(uid: string, nowMs = Date.now()): Promise<AccountStatus | null> {
  const cached = cache.get(uid);
  // An unverified account is read every time: the session must show the verification at its next
  // read after the link is followed (Firebase tells us nothing when that happens). Few accounts wait
  // for it, and verification is for good, so the cache still serves the rest.
  const isFresh = cached && nowMs - cached.readAtMs < ACCOUNT_STATUS_TTL_MS && cached.status?.emailVerified !== false;
  if (cached && isFresh) return cached.status;
  const status = await readAccountStatus(uid);
  cache.set(uid, { status, readAtMs: nowMs });
  return status;
}

async function readAccountStatus(uid: string): Promise<AccountStatus | null> {
  try {
    const record = await adminAuth().getUser(uid);
    const validAfter = record.tokensValidAfterTime ? Date.parse(record.tokensValidAfterTime) : 0;
    return {
      disabled: record.disabled,
      tokensValidAfterMs: Number.isNaN(validAfter) ? 0 : validAfter,
      emailVerified: record.emailVerified,
    };
  } catch (error) {
    if ((error as { code?: string }).code === "auth/user-not-found") return null;
    throw error;
  }
}

/** Drops what is cached for one account (after a change made here), or for all. */
export function forgetAccountStatus(uid?: string): void {
  if (uid === undefined) cache.clear();
  else cache.delete(uid);
}

/**
 * Whether Firebase has ended a session issued at `issuedAtMs`: the account is gone or disabled, or
 * its tokens were revoked after. Firebase keeps that time in whole seconds, rounded down, so a
 * session issued in the same second as a revocation outlives it; one issued after never is refused.
 */
export function isEndedByFirebase(status: AccountStatus | null, issuedAtMs: number): boolean {
  return !status || status.disabled || issuedAtMs < status.tokensValidAfterMs;
}
