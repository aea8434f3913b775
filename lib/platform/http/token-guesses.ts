import "server-only";

import { AppError } from "@/lib/platform/errors";
import { clientAddressOf, RATE_LIMITS, reserveAttempt } from "@/lib/platform/http/rate-limit";

/**
 * Runs a look-up by a token in a public address (a demo booking's status page and its actions, an
 * unsubscribe link) under RATE_LIMITS.tokenGuesses per client address. Only misses stay counted:
 * `isMiss(result)` says which answers are "no such token", and an AppError "not-found" is one too;
 * a hit, or any other failure, gives its count back. Past the limit every look-up from that address
 * is refused with AppError("rate-limited") before it runs. The holder of a real token from another
 * address is never refused for someone else's guesses, and their own visits never count.
 */
export async function limitTokenGuesses<T>(headers: Headers, lookUp: () => Promise<T>, isMiss: (result: T) => boolean): Promise<T> {
  const reservation = await reserveAttempt([{ rule: RATE_LIMITS.tokenGuesses, key: clientAddressOf(headers) }]);
  let result: T;
  try {
    result = await lookUp();
  } catch (error) {
    if (!(error instanceof AppError && error.code === "not-found")) await giveBack(reservation);
    throw error;
  }
  if (!isMiss(result)) await giveBack(reservation);
  return result;
}

/** A hit stays a hit when the count cannot be given back (the counter then ends with its window). */
async function giveBack(reservation: { release(): Promise<void> }): Promise<void> {
  await reservation.release().catch((error: unknown) => console.error("[token-guesses] release failed:", error));
}

/** A page's answer to a refused look-up: the refusal's message ("Too many wrong links tried… try again in N minutes."); anything else is thrown on. */
export function tokenRefusalMessage(error: unknown): string {
  if (error instanceof AppError && error.code === "rate-limited") return error.message;
  throw error;
}
