import "server-only";

import { asc } from "drizzle-orm";

import { getDb, type Database, type Transaction } from "@/lib/platform/db/client";
import { allowedLinkHosts } from "@/lib/platform/db/schema";

/**
 * The link allow-list as screening reads it (the table admins keep: lib/safety/allowed-hosts.ts),
 * cached in this process so a message or a note costs no query. A change expires it at once in the
 * process that made it and, through its event (link-hosts.changed, lib/reactions/table.ts), in the
 * process that delivers the reaction; any other instance reads the list again within
 * ALLOWED_HOSTS_TTL_MS.
 */
export const ALLOWED_HOSTS_TTL_MS = 60_000;

let cached: { hosts: readonly string[]; readAt: number } | null = null;

/** The list; inside a transaction pass it (`tx`): on PGlite a read beside an open transaction waits for it. */
export async function allowedLinkHostList(tx?: Database | Transaction, now = Date.now()): Promise<readonly string[]> {
  if (cached && now - cached.readAt < ALLOWED_HOSTS_TTL_MS) return cached.hosts;
  const db = tx ?? (await getDb());
  const rows = await db.select({ host: allowedLinkHosts.host }).from(allowedLinkHosts).orderBy(asc(allowedLinkHosts.host));
  cached = { hosts: rows.map((row) => row.host), readAt: now };
  return cached.hosts;
}

/** The next read goes to the database (after a change of the list). */
export function forgetAllowedLinkHosts(): void {
  cached = null;
}
