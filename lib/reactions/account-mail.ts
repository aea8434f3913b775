import "server-only";

import { eq, sql } from "drizzle-orm";

import { makePasswordResetLink, makeVerificationLink } from "@/lib/accounts/email-links";
import { enqueueDeferredEmails, type EmailRenderer } from "@/lib/notifications/deferred-email";
import { passwordResetEmail } from "@/lib/notifications/messages/password-reset";
import { verifyEmailEmail } from "@/lib/notifications/messages/verify-email";
import { adminAuth } from "@/lib/platform/auth/firebase-admin";
import { brand } from "@/lib/platform/brand";
import type { Database } from "@/lib/platform/db/client";
import { users } from "@/lib/platform/db/schema";
import type { Handler } from "@/lib/platform/events/reactions";

/**
 * The verification and reset emails, sent by the product (issue 31 item 2: the Auth Emulator sends
 * none, and Firebase's own emails carry no brand). The handler queues "which email, for which
 * account" as a deferred email; its link is made with firebase-admin only when the SMTP delivery
 * renders it, so the outbox never holds the bearer link (and a message delivered late still
 * carries a fresh one).
 */
const VERIFY = "account.verify-email";
const RESET = "account.reset-password";

export const verificationMail: Handler<{ userId: number; requestId: string }> = {
  name: "verification-mail",
  handle: (db, { userId, requestId }) =>
    enqueueDeferredEmails(db, [{ key: `account:${userId}:verify:${requestId}`, kind: VERIFY, ref: String(userId) }]),
};

/** Only an account's address gets mail; an unknown one gets nothing, and the asker was told the same either way. */
export const passwordResetMail: Handler<{ email: string; requestId: string }> = {
  name: "reset-mail",
  handle: async (db, { email, requestId }) => {
    const [account] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`)
      .limit(1);
    if (!account) return;
    await enqueueDeferredEmails(db, [{ key: `account:${account.id}:reset:${requestId}`, kind: RESET, ref: String(account.id) }]);
  },
};

async function accountOf(db: Database, ref: string) {
  const id = Number(ref);
  if (!Number.isInteger(id) || id <= 0) return null;
  const [row] = await db
    .select({ email: users.email, displayName: users.displayName, firebaseUid: users.firebaseUid })
    .from(users)
    .where(eq(users.id, id));
  return row ?? null;
}

/** Nothing when the account is gone or already verified (a resend that crossed the link). */
const renderVerification: EmailRenderer = async (db, ref) => {
  const account = await accountOf(db, ref);
  if (!account) return null;
  const record = await adminAuth()
    .getUser(account.firebaseUid)
    .catch((error: unknown) => {
      if ((error as { code?: string }).code === "auth/user-not-found") return null;
      throw error;
    });
  if (!record?.email || record.emailVerified) return null;
  const verifyUrl = await makeVerificationLink(record.email);
  if (!verifyUrl) return null;
  const content = verifyEmailEmail({ readerName: account.displayName, email: record.email, productName: brand.name, verifyUrl });
  return { ...content, to: record.email };
};

const renderReset: EmailRenderer = async (db, ref) => {
  const account = await accountOf(db, ref);
  if (!account) return null;
  const resetUrl = await makePasswordResetLink(account.email);
  if (!resetUrl) return null;
  const content = passwordResetEmail({ readerName: account.displayName, email: account.email, productName: brand.name, resetUrl });
  return { ...content, to: account.email };
};

/** What the deferred email sender renders these kinds with (lib/reactions/mail-renderers.ts). */
export const accountMailRenderers: Readonly<Record<string, EmailRenderer>> = { [VERIFY]: renderVerification, [RESET]: renderReset };
