import "server-only";

import { asc } from "drizzle-orm";

import { tagExpiredAt } from "@/lib/platform/cache-tags";
import { getDb, type Database, type Transaction } from "@/lib/platform/db/client";
import { allowedLinkHosts } from "@/lib/platform/db/schema";

/**
 * The link allow-list as screening reads it (the table admins keep: lib/safety/link-hosts.ts),
 * cached in this process so a message or a note costs no query. A change expires it on every
 * instance the way cached pages are expired: its event (link-hosts.changed) has the reaction
 * forget-link-hosts expire LINK_HOSTS_TAG through Next's cache handler (cache-handler.mjs
 * expireTags: this process, the sibling workers and, through Redis, every other instance), and
 * the list here is read again once the tag has expired since it was read (lib/platform/cache-tags.ts).
 * The process that made the change also forgets it at once. ALLOWED_HOSTS_TTL_MS stays as the
 * bound when Redis is down (the expiry then waits in the handler until Redis is back).
 */
export const ALLOWED_HOSTS_TTL_MS = 60_000;

/** The tag a change of the list expires (cache-handler.mjs carries it to every instance). */
export const LINK_HOSTS_TAG = "link-hosts";

let cached: { hosts: readonly string[]; readAt: number; tagExpiredAt: number | undefined } | null = null;

/** The list; inside a transaction pass it (`tx`): on PGlite a read beside an open transaction waits for it. */
export async function allowedLinkHostList(tx?: Database | Transaction, now = Date.now()): Promise<readonly string[]> {
  // Any expiry of the tag since the list was read, whichever instance's clock stamped it.
  const expiredAt = tagExpiredAt(LINK_HOSTS_TAG);
  if (cached && cached.tagExpiredAt === expiredAt && now - cached.readAt < ALLOWED_HOSTS_TTL_MS) return cached.hosts;
  const db = tx ?? (await getDb());
  const rows = await db.select({ host: allowedLinkHosts.host }).from(allowedLinkHosts).orderBy(asc(allowedLinkHosts.host));
  // The tag as it was before the read: an expiry arriving during the query makes the next call read again.
  cached = { hosts: rows.map((row) => row.host), readAt: now, tagExpiredAt: expiredAt };
  return cached.hosts;
}

/** The next read in this process goes to the database (after a change of the list made here). */
export function forgetAllowedLinkHosts(): void {
  cached = null;
}
