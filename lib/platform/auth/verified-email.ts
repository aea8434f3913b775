import "server-only";

import { getDb } from "@/lib/platform/db/client";
import { defineEvent } from "@/lib/platform/events/events";
import { emitAndReact } from "@/lib/platform/events/reactions";
import { z } from "@/lib/platform/zod";

/** A session that has just shown the person owns their email: at sign-in, or the first read after the link. */
export interface VerifiedEmailSession {
  databaseId: number;
  email: string;
}

/**
 * A session showed that the account owns its email (at sign-in, or the first read after the link
 * was followed). Who reacts: lib/reactions/table.ts (the demos booked signed out with that email get
 * their child on the account). Announced by the session callback (options.ts), so a page read never
 * has to look for it (issue 17 review: /my-courses wrote on GET).
 */
export const emailVerified = defineEvent("email.verified", z.object({ userId: z.number().int().positive(), email: z.string().min(3) }));

// The accounts announced since the process started, outside a sign-in. A session cookie is only
// rewritten at sign-in (server components cannot set it), so after the link every session read
// still sees "was unverified, now verified": this keeps that to one announcement per account and
// process. Module-level and bounded on purpose (like account-status.ts): another process announces
// once more, and the handlers are idempotent.
const announced = new Set<number>();
const ANNOUNCED_LIMIT = 10_000;

/**
 * Writes email.verified and runs its handlers before the session is returned (emitAndReact), at
 * each sign-in with a verified email and once per process when a session learns of the
 * verification: the family sees its demos on the very next page, as when the attach ran here
 * directly. A failure is logged and fails neither the sign-in nor the session read; the outbox
 * retries a failed handler.
 */
export async function announceVerifiedEmail(session: VerifiedEmailSession, { isSignIn }: { isSignIn: boolean }): Promise<void> {
  if (!isSignIn && announced.has(session.databaseId)) return;
  if (announced.size >= ANNOUNCED_LIMIT) announced.clear();
  announced.add(session.databaseId);
  try {
    await emitAndReact(await getDb(), emailVerified, { userId: session.databaseId, email: session.email });
  } catch (error) {
    // Not written (the database is unreachable): the next session read tries again.
    announced.delete(session.databaseId);
    console.error("[auth] could not announce a verified email:", error);
  }
}
