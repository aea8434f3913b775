import { listenerRegistry } from "@/lib/platform/listeners";

/** A session that has just shown the person owns their email: at sign-in, or the first read after the link. */
export interface VerifiedEmailSession {
  databaseId: number;
  email: string;
}

export type VerifiedEmailListener = (session: VerifiedEmailSession) => Promise<void>;

/**
 * What the domains do once an email is known to be verified (lib/wiring registers: the demos booked
 * signed out with that email get their child on the account). Announced by the session callback
 * (options.ts), so a page read never has to look for it (issue 17 review: /my-courses wrote on GET).
 */
export const verifiedEmailListeners = listenerRegistry<VerifiedEmailListener>("__verifiedEmailListeners");

// The accounts announced since the process started, outside a sign-in. A session cookie is only
// rewritten at sign-in (server components cannot set it), so after the link every session read
// still sees "was unverified, now verified": this keeps that to one announcement per account and
// process. Process-local on purpose (like account-status.ts): another process announces once more,
// and the listeners are idempotent.
const announced = new Set<number>();
const ANNOUNCED_LIMIT = 10_000;

/**
 * Runs every listener, at each sign-in with a verified email and once per process when a session
 * learns of the verification; a failure is logged and does not fail the sign-in or the session read.
 */
export async function announceVerifiedEmail(session: VerifiedEmailSession, { isSignIn }: { isSignIn: boolean }): Promise<void> {
  if (!isSignIn && announced.has(session.databaseId)) return;
  if (announced.size >= ANNOUNCED_LIMIT) announced.clear();
  announced.add(session.databaseId);
  for (const listener of verifiedEmailListeners.all()) {
    await listener(session).catch((error: unknown) => console.error("[auth] a verified-email listener failed:", error));
  }
}
