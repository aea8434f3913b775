import "server-only";

import { and, count, desc, eq, gte, inArray, isNull, lt, sql, type SQL } from "drizzle-orm";

import { authorize, type Actor } from "@/lib/platform/auth/permissions";
import { getDb, type Database } from "@/lib/platform/db/client";
import { bookings, courses, demoRequests, users } from "@/lib/platform/db/schema";
import { LIVE_BOOKING_STATUSES } from "@/lib/scheduling/slots";
import type { LeadFilters } from "@/lib/demo-requests/queue-schema";
import { COURSE_NOT_SURE } from "@/lib/demo-requests/constants";
import { RESPONSE_PROMISE_MS } from "@/lib/demo-requests/status";

export const QUEUE_PAGE_SIZE = 50;
/** Counting stops here: "10,000+ matching" costs what 10,000 does, whatever the table's size. */
export const QUEUE_COUNT_CAP = 10_000;

/** A demo request as the support queue shows it: every field of the payload, and its handling. */
export interface QueueLead {
  id: string;
  name: string | null;
  userEmail: string;
  phone: string | null;
  course: string;
  courseTitle: string | null;
  classType: string | null;
  grade: number | null;
  message: string | null;
  sourcePage: string | null;
  status: string;
  note: string | null;
  statusChangedAt: Date | null;
  statusChangedBy: string | null;
  firstContactedAt: Date | null;
  createdAt: Date;
  /** When its demo was last cancelled, while no other is booked: the queue says why a request is back to New. */
  demoCancelledAt: Date | null;
}

const leadColumns = {
  id: demoRequests.id,
  name: demoRequests.name,
  userEmail: demoRequests.userEmail,
  phone: demoRequests.phone,
  course: demoRequests.course,
  courseId: demoRequests.courseId,
  classType: demoRequests.classType,
  grade: demoRequests.grade,
  message: demoRequests.message,
  sourcePage: demoRequests.sourcePage,
  status: demoRequests.status,
  note: demoRequests.note,
  statusChangedAt: demoRequests.statusChangedAt,
  statusChangedById: demoRequests.statusChangedById,
  firstContactedAt: demoRequests.firstContactedAt,
  createdAt: demoRequests.createdAt,
};

/**
 * Up to `limit` requests in queue order (newest first, id breaking ties), then the course titles
 * and agents' emails for just those rows. Paging demo_requests alone keeps the plan on the
 * (created_at, id) indexes; a join first would sort the whole table at volume.
 */
async function selectLeads(db: Database, where: SQL | undefined, limit: number): Promise<QueueLead[]> {
  const rows = await db
    .select(leadColumns)
    .from(demoRequests)
    .where(where)
    .orderBy(desc(demoRequests.createdAt), desc(demoRequests.id))
    .limit(limit);
  const courseIds = [...new Set(rows.flatMap((r) => (r.courseId === null ? [] : [r.courseId])))];
  const agentIds = [...new Set(rows.flatMap((r) => (r.statusChangedById === null ? [] : [r.statusChangedById])))];
  const leadIds = rows.map((r) => r.id);
  const [titles, agents, demos] = await Promise.all([
    courseIds.length ? db.select({ id: courses.id, title: courses.title }).from(courses).where(inArray(courses.id, courseIds)) : [],
    agentIds.length ? db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, agentIds)) : [],
    leadIds.length
      ? db
          .select({
            leadId: bookings.demoRequestId,
            cancelledAt: sql<Date | string | null>`max(${bookings.statusChangedAt}) filter (where ${bookings.status} = 'cancelled')`,
            live: sql<number>`count(*) filter (where ${inArray(bookings.status, [...LIVE_BOOKING_STATUSES])})`,
          })
          .from(bookings)
          .where(and(eq(bookings.kind, "demo"), inArray(bookings.demoRequestId, leadIds)))
          .groupBy(bookings.demoRequestId)
      : [],
  ]);
  const titleOf = new Map(titles.map((c) => [c.id, c.title]));
  const emailOf = new Map(agents.map((u) => [u.id, u.email]));
  const cancelledOf = new Map(
    demos.flatMap((d) => (d.leadId && d.cancelledAt && Number(d.live) === 0 ? [[d.leadId, new Date(d.cancelledAt)] as const] : [])),
  );
  return rows.map(({ courseId, statusChangedById, ...lead }) => ({
    ...lead,
    courseTitle: courseId === null ? null : (titleOf.get(courseId) ?? null),
    statusChangedBy: statusChangedById === null ? null : (emailOf.get(statusChangedById) ?? null),
    demoCancelledAt: cancelledOf.get(lead.id) ?? null,
  }));
}

/** LIKE wildcards in a search term match themselves. */
function likeTerm(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The where clause of the filters (without the cursor): one place for the queue, its count and the CSV. */
export function leadFilterConditions(filters: LeadFilters, now = new Date()): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.status === "overdue") {
    conditions.push(eq(demoRequests.status, "new"), lt(demoRequests.createdAt, new Date(now.getTime() - RESPONSE_PROMISE_MS)));
  } else if (filters.status) {
    conditions.push(eq(demoRequests.status, filters.status));
  }
  if (filters.grade !== undefined) conditions.push(eq(demoRequests.grade, filters.grade));
  if (filters.course === COURSE_NOT_SURE) conditions.push(isNull(demoRequests.courseId));
  else if (filters.course) conditions.push(eq(demoRequests.courseId, Number(filters.course)));
  // Dates are whole days in UTC: from its first instant to the end of `to`.
  if (filters.from) conditions.push(gte(demoRequests.createdAt, new Date(`${filters.from}T00:00:00Z`)));
  if (filters.to) conditions.push(lt(demoRequests.createdAt, new Date(Date.parse(`${filters.to}T00:00:00Z`) + 86_400_000)));
  if (filters.q) {
    // The same expression as the trigram index demo_requests_search_idx, so the index serves it.
    conditions.push(
      sql`(lower(${demoRequests.userEmail}) || ' ' || lower(coalesce(${demoRequests.name}, ''))) like ${likeTerm(filters.q)}`,
    );
  }
  return conditions.length ? and(...conditions) : undefined;
}

/**
 * Rows after `afterId` in the queue's order (newest first, id breaking ties). The cursor is the
 * row itself, compared in the database, so microsecond timestamps never skip or repeat a row.
 */
function afterCursor(afterId: string | undefined): SQL | undefined {
  if (!afterId) return undefined;
  return sql`(${demoRequests.createdAt}, ${demoRequests.id}) < (select c.created_at, c.id from demo_requests c where c.id = ${afterId})`;
}

export interface QueuePage {
  leads: QueueLead[];
  /** The id to pass as `after` for the next page, or null on the last one. */
  nextAfter: string | null;
  /** Matching rows, counted up to QUEUE_COUNT_CAP + 1 (more means "over the cap"). */
  total: number;
  overdue: number;
}

/** One page of the support queue (keyset pagination: the 1000th page costs what the first does). */
export async function listLeadQueue(actor: Actor, filters: LeadFilters, now = new Date()): Promise<QueuePage> {
  authorize(actor, "leads.read");
  const db = await getDb();
  const where = leadFilterConditions(filters, now);
  const [rows, [totals], overdue] = await Promise.all([
    selectLeads(db, and(where, afterCursor(filters.after)), QUEUE_PAGE_SIZE + 1),
    db.select({ n: count() }).from(
      db
        .select({ one: sql`1` })
        .from(demoRequests)
        .where(where)
        .limit(QUEUE_COUNT_CAP + 1)
        .as("capped"),
    ),
    countOverdueLeads(now),
  ]);
  const hasMore = rows.length > QUEUE_PAGE_SIZE;
  const leads = hasMore ? rows.slice(0, QUEUE_PAGE_SIZE) : rows;
  return { leads, nextAfter: hasMore ? (leads.at(-1)?.id ?? null) : null, total: totals?.n ?? 0, overdue };
}

/** The promise 'Our team will reach you in 24hrs.': new requests older than a day. */
export async function countOverdueLeads(now = new Date()): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ n: count() })
    .from(demoRequests)
    .where(and(eq(demoRequests.status, "new"), lt(demoRequests.createdAt, new Date(now.getTime() - RESPONSE_PROMISE_MS))));
  return row?.n ?? 0;
}

export async function findQueueLead(actor: Actor, id: string): Promise<QueueLead | null> {
  authorize(actor, "leads.read");
  const db = await getDb();
  const [row] = await selectLeads(db, eq(demoRequests.id, id), 1);
  return row ?? null;
}

/** Every matching row in queue order, in batches (the CSV export streams them). */
export async function* iterateLeads(actor: Actor, filters: LeadFilters, batchSize = 1000, now = new Date()): AsyncGenerator<QueueLead[]> {
  authorize(actor, "leads.read");
  const db = await getDb();
  const where = leadFilterConditions({ ...filters, after: undefined }, now);
  let after: string | undefined;
  for (;;) {
    const rows = await selectLeads(db, and(where, afterCursor(after)), batchSize);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < batchSize) return;
    after = rows.at(-1)?.id;
  }
}

/** The courses that appear in the filter select: the whole catalogue, published or not. */
export async function listCourseFilterOptions(): Promise<Array<{ id: number; title: string }>> {
  const db = await getDb();
  return db.select({ id: courses.id, title: courses.title }).from(courses).orderBy(courses.title);
}
