import "server-only";

import { IDENTITY_MESSAGES, IdentityError } from "@/lib/platform/auth/errors";
import { clientAddressOf, emailKey, RATE_LIMITS, reserveAttempt } from "@/lib/platform/http/rate-limit";

/** The answers that mean "that password is not this account's": a guess that missed. */
const MISSED: ReadonlySet<string> = new Set([
  IDENTITY_MESSAGES.wrongPassword,
  IDENTITY_MESSAGES.userNotFound,
  IDENTITY_MESSAGES.userMismatch,
]);

/**
 * Runs a password check (sign-in, or the re-authentication of a password change or an account
 * deletion) under the limits on guessing (issue 4): RATE_LIMITS.passwordFailures per address and
 * passwordFailuresPerAccount per hashed email. Only missed guesses stay counted: a success, a bad
 * form or an unreachable provider gives its count back, so the people behind one address do not
 * use up each other's tries by signing in. Past a limit it throws AppError("rate-limited"),
 * "Too many sign-in attempts. Please try again in N minutes.", before the password is checked,
 * so the right password is refused too until the window ends.
 */
export async function limitPasswordAttempts<T>(who: { headers: Headers; email: string }, attempt: () => Promise<T>): Promise<T> {
  const reservation = await reserveAttempt([
    { rule: RATE_LIMITS.passwordFailures, key: clientAddressOf(who.headers) },
    { rule: RATE_LIMITS.passwordFailuresPerAccount, key: emailKey(who.email) },
  ]);
  let result: T;
  try {
    result = await attempt();
  } catch (error) {
    if (!(error instanceof IdentityError && MISSED.has(error.message))) await giveBack(reservation);
    throw error;
  }
  await giveBack(reservation);
  return result;
}

/** A success stays a success when the count cannot be given back (the counter then ends with its window). */
async function giveBack(reservation: { release(): Promise<void> }): Promise<void> {
  await reservation.release().catch((error: unknown) => console.error("[password-attempts] release failed:", error));
}
