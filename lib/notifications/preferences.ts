import "server-only";

import { randomBytes } from "node:crypto";

import { and, eq, inArray, isNotNull, isNull, or } from "drizzle-orm";

import { brand } from "@/lib/platform/brand";
import type { Database } from "@/lib/platform/db/client";
import { emailPreferences } from "@/lib/platform/db/schema";

/**
 * Non-essential email (a demo's follow-up) carries a one-click unsubscribe (RFC 8058) with a
 * random per-address token, and is not queued for an address that used it. Transactional messages
 * (bookings, enrolments, reminders) never ask: they always go.
 */
type Executor = Pick<Database, "select" | "insert">;

const normalise = (email: string) => email.trim().toLowerCase();

/** The address's unsubscribe token, made on first use (32 random bytes: unguessable, not derived from the address). */
export async function unsubscribeTokenFor(tx: Executor, email: string): Promise<string> {
  const address = normalise(email);
  await tx
    .insert(emailPreferences)
    .values({ email: address, unsubscribeToken: randomBytes(32).toString("base64url") })
    .onConflictDoNothing({ target: emailPreferences.email });
  const [row] = await tx
    .select({ token: emailPreferences.unsubscribeToken })
    .from(emailPreferences)
    .where(eq(emailPreferences.email, address));
  if (!row) throw new Error("the email preference row vanished after its insert");
  return row.token;
}

export async function isUnsubscribed(tx: Pick<Database, "select">, email: string): Promise<boolean> {
  const [row] = await tx
    .select({ at: emailPreferences.unsubscribedAt })
    .from(emailPreferences)
    .where(eq(emailPreferences.email, normalise(email)));
  return Boolean(row?.at);
}

/** Records the unsubscribe of the token's address; false for a token nobody holds. Repeats are harmless. */
export async function unsubscribeByToken(db: Pick<Database, "update" | "select">, token: string, now = new Date()): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return false;
  await db
    .update(emailPreferences)
    .set({ unsubscribedAt: now })
    .where(and(eq(emailPreferences.unsubscribeToken, token), isNull(emailPreferences.unsubscribedAt)));
  const [row] = await db
    .select({ at: emailPreferences.unsubscribedAt })
    .from(emailPreferences)
    .where(eq(emailPreferences.unsubscribeToken, token));
  return Boolean(row?.at);
}

/** What the unsubscribe page shows for a token: unknown (not ours), or whether its address has unsubscribed. */
export async function unsubscribeStatus(db: Pick<Database, "select">, token: string): Promise<"unknown" | "subscribed" | "unsubscribed"> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return "unknown";
  const [row] = await db
    .select({ at: emailPreferences.unsubscribedAt })
    .from(emailPreferences)
    .where(eq(emailPreferences.unsubscribeToken, token));
  return !row ? "unknown" : row.at ? "unsubscribed" : "subscribed";
}

export const unsubscribePageUrl = (token: string) => `${brand.siteUrl}/unsubscribe/${token}`;
export const unsubscribeOneClickUrl = (token: string) => `${brand.siteUrl}/api/unsubscribe/${token}`;

/** The headers of a non-essential message: mail clients show their own "Unsubscribe" and POST to the link. */
export function listUnsubscribeHeaders(token: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${unsubscribeOneClickUrl(token)}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

/**
 * The weekly digest of a family's sessions (issue 28) is non-essential: it goes unless the address
 * turned it off on its email preferences page, or unsubscribed from all non-essential email.
 */
export async function isWeeklyDigestOff(tx: Pick<Database, "select">, email: string): Promise<boolean> {
  const [row] = await tx
    .select({ unsubscribedAt: emailPreferences.unsubscribedAt, digestOffAt: emailPreferences.weeklyDigestOffAt })
    .from(emailPreferences)
    .where(eq(emailPreferences.email, normalise(email)));
  return Boolean(row?.unsubscribedAt || row?.digestOffAt);
}

/** The addresses (lower-cased) among these whose weekly digest is off, in one query: the scan's filter. */
export async function addressesWithDigestOff(tx: Pick<Database, "select">, emails: string[]): Promise<Set<string>> {
  const addresses = [...new Set(emails.map(normalise))];
  if (addresses.length === 0) return new Set();
  const rows = await tx
    .select({ email: emailPreferences.email })
    .from(emailPreferences)
    .where(
      and(
        inArray(emailPreferences.email, addresses),
        or(isNotNull(emailPreferences.unsubscribedAt), isNotNull(emailPreferences.weeklyDigestOffAt)),
      ),
    );
  return new Set(rows.map((row) => row.email));
}

/** Turns the weekly digest of the token's address off (or back on); false for a token nobody holds. */
export async function setWeeklyDigestByToken(db: Pick<Database, "update">, token: string, on: boolean, now = new Date()): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return false;
  const rows = await db
    .update(emailPreferences)
    .set({ weeklyDigestOffAt: on ? null : now })
    .where(eq(emailPreferences.unsubscribeToken, token))
    .returning({ email: emailPreferences.email });
  return rows.length > 0;
}

/** What the preferences page shows of the digest for a token: on, off, or null for a token nobody holds. */
export async function weeklyDigestStatus(db: Pick<Database, "select">, token: string): Promise<"on" | "off" | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const [row] = await db
    .select({ unsubscribedAt: emailPreferences.unsubscribedAt, digestOffAt: emailPreferences.weeklyDigestOffAt })
    .from(emailPreferences)
    .where(eq(emailPreferences.unsubscribeToken, token));
  if (!row) return null;
  return row.unsubscribedAt || row.digestOffAt ? "off" : "on";
}
