import "server-only";

import { and, desc, eq, or, sql, type SQL } from "drizzle-orm";

import { getDb } from "@/lib/platform/db/client";
import { logEvents } from "@/lib/platform/db/schema/index";
import { z } from "@/lib/platform/zod";
import { authorize, type Actor } from "@/lib/platform/auth/permissions";

export const EVENTS_PAGE_SIZE = 50;
/** How much of additional_info leaves the database: the list shows a summary, not the payload. */
export const ADDITIONAL_INFO_PREVIEW = 120;

/** Search params arrive as string | string[] | undefined; a blank or repeated value means "not set". */
const param = z.preprocess((v) => (Array.isArray(v) ? v[0] : v), z.string().trim().optional()).transform((v) => (v ? v : undefined));

/** The log events page's filters from its GET form; anything malformed is dropped, not refused. */
export const logEventFiltersSchema = z.object({
  eventName: param.transform((v) => v?.slice(0, 100)),
  userId: param.transform((v) => v?.slice(0, 128)),
  /** The id of the last row of the previous page (keyset on created_at, id). */
  after: param.transform((v) => (v && /^\d{1,15}$/.test(v) ? Number(v) : undefined)),
});

export type LogEventFilters = z.output<typeof logEventFiltersSchema>;

export function parseLogEventFilters(searchParams: Record<string, string | string[] | undefined>): LogEventFilters {
  return logEventFiltersSchema.parse(searchParams);
}

/** A log event as the admin's list shows it; no IP address or user agent. */
export interface LogEventRow {
  id: number;
  eventName: string;
  /** The session's user: vouched for. */
  userId: string | null;
  /** What a client without a session claimed; not vouched for. */
  claimedUserId: string | null;
  currentUrl: string | null;
  /** additional_info as JSON text, cut to ADDITIONAL_INFO_PREVIEW characters (with "…" when cut). */
  additionalInfo: string | null;
  createdAt: Date;
}

export interface LogEventPage {
  events: LogEventRow[];
  /** The `after` of the next page, or null on the last one. */
  nextAfter: number | null;
}

/**
 * Newest first. The cursor is the last row's id and its created_at is read back in SQL, so the
 * comparison keeps PostgreSQL's microseconds (a JavaScript Date would drop them and skip rows).
 */
export async function listLogEvents(
  actor: Actor | null | undefined,
  filters: LogEventFilters,
  limit = EVENTS_PAGE_SIZE,
): Promise<LogEventPage> {
  authorize(actor, "events.read");
  const db = await getDb();
  const where: SQL[] = [];
  if (filters.eventName) where.push(eq(logEvents.eventName, filters.eventName));
  if (filters.userId) {
    const either = or(eq(logEvents.userId, filters.userId), eq(logEvents.claimedUserId, filters.userId));
    if (either) where.push(either);
  }
  if (filters.after !== undefined) {
    where.push(
      sql`(${logEvents.createdAt}, ${logEvents.id}) < (select c.created_at, c.id from ${logEvents} c where c.id = ${filters.after})`,
    );
  }
  const rows = await db
    .select({
      id: logEvents.id,
      eventName: logEvents.eventName,
      userId: logEvents.userId,
      claimedUserId: logEvents.claimedUserId,
      currentUrl: logEvents.currentUrl,
      additionalInfo: sql<string | null>`left(${logEvents.additionalInfo}::text, ${ADDITIONAL_INFO_PREVIEW + 1})`,
      createdAt: logEvents.createdAt,
    })
    .from(logEvents)
    .where(and(...where))
    .orderBy(desc(logEvents.createdAt), desc(logEvents.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit).map((row) => ({ ...row, additionalInfo: shorten(row.additionalInfo) }));
  return { events: page, nextAfter: rows.length > limit ? (page.at(-1)?.id ?? null) : null };
}

function shorten(text: string | null): string | null {
  if (text === null || text === "null") return null;
  return text.length > ADDITIONAL_INFO_PREVIEW ? `${text.slice(0, ADDITIONAL_INFO_PREVIEW)}…` : text;
}

/**
 * The distinct event names for the filter's suggestions, alphabetically. A loose index scan over
 * log_events_name_created_idx: one index probe per name, not a pass over every event.
 */
export async function listEventNames(actor: Actor | null | undefined, limit = 200): Promise<string[]> {
  authorize(actor, "events.read");
  const db = await getDb();
  const result = await db.execute(sql`
    with recursive names(name) as (
      (select event_name from ${logEvents} order by event_name limit 1)
      union all
      select (select l.event_name from ${logEvents} l where l.event_name > names.name order by l.event_name limit 1)
      from names where names.name is not null
    )
    select name from names where name is not null limit ${limit}`);
  // PGlite and node-postgres both answer raw SQL with { rows }.
  return (result as { rows: Array<{ name: string }> }).rows.map((row) => row.name);
}
