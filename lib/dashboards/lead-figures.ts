import "server-only";

import { sql } from "drizzle-orm";
import { DateTime, IANAZone } from "luxon";

import { authorize, type Actor } from "@/lib/platform/auth/permissions";
import { getDb } from "@/lib/platform/db/client";

export const FIGURES_DAYS = 30;

export interface DayCount {
  /** YYYY-MM-DD: a day on the reader's clock (their zone, else UTC). */
  day: string;
  requests: number;
}

export interface Conversion {
  label: string;
  requests: number;
  converted: number;
}

export interface AdminFigures {
  requestsPerDay: DayCount[];
  /** Requests old enough to judge (over 24 hours) in the window, and how many were contacted within 24 hours. */
  promise: { judged: number; contactedInTime: number };
  byCourse: SplitGroups;
  byGrade: Conversion[];
  overdue: number;
  usersByRole: Record<string, number>;
  publishedCourses: number;
}

/**
 * The course chart draws the busiest courses; the rest are summed beside it rather than drawn
 * (one bar for many courses would dwarf the others), so nothing is dropped.
 */
export const COURSE_CHART_ROWS = 10;

export interface SplitGroups {
  top: Conversion[];
  /** The groups after the top ones, summed; null when there are none (or just one, drawn instead). */
  rest: { groups: number; requests: number; converted: number } | null;
}

/** The first `keep` groups (sorted busiest first) and the sum of the others. */
export function splitTopGroups(groups: Conversion[], keep: number): SplitGroups {
  if (groups.length <= keep + 1) return { top: groups, rest: null };
  const others = groups.slice(keep);
  return {
    top: groups.slice(0, keep),
    rest: {
      groups: others.length,
      requests: others.reduce((sum, g) => sum + g.requests, 0),
      converted: others.reduce((sum, g) => sum + g.converted, 0),
    },
  };
}

type Row = Record<string, unknown>;
const num = (v: unknown) => Number(v ?? 0);

/**
 * The admin's figures over the last 30 days, days on the reader's clock (`zone`, one clock per
 * person; UTC when not given), each one SQL aggregate over the indexed created_at range, so they stay
 * cheap at hundreds of thousands of requests. A day is midnight to midnight in the zone (23 or 25
 * hours when its clocks change).
 */
export async function getAdminFigures(actor: Actor, now = new Date(), zone = "UTC"): Promise<AdminFigures> {
  authorize(actor, "figures.read");
  const db = await getDb();
  const tz = IANAZone.isValidZone(zone) ? zone : "UTC";
  const today = DateTime.fromJSDate(now, { zone: tz }).startOf("day");
  const firstDay = today.minus({ days: FIGURES_DAYS - 1 });
  const since = firstDay.toJSDate();
  const nowIso = now.toISOString();
  const [perDay, promise, byCourse, byGrade, overdue, byRole, published] = await Promise.all([
    db.execute(sql`
      select to_char(d.day, 'YYYY-MM-DD') as day, count(r.id)::int as requests
      from generate_series(${firstDay.toISODate()}::timestamp, ${today.toISODate()}::timestamp, interval '1 day') as d(day)
      left join demo_requests r on r.created_at >= (d.day at time zone ${tz})
        and r.created_at < ((d.day + interval '1 day') at time zone ${tz})
      group by d.day order by d.day`),
    db.execute(sql`
      select count(*)::int as judged,
             count(*) filter (where first_contacted_at <= created_at + interval '24 hours')::int as contacted_in_time
      from demo_requests
      where created_at >= ${since.toISOString()}::timestamptz and created_at < ${nowIso}::timestamptz - interval '24 hours'
        and status <> 'spam'`),
    db.execute(sql`
      select coalesce(c.title, 'Not sure yet') as label, count(*)::int as requests,
             count(*) filter (where r.status = 'converted')::int as converted
      from demo_requests r left join courses c on c.id = r.course_id
      where r.created_at >= ${since.toISOString()}::timestamptz and r.status <> 'spam'
      group by c.id, c.title order by 2 desc, 3 desc, 1`),
    db.execute(sql`
      select 'Grade ' || r.grade as label, count(*)::int as requests,
             count(*) filter (where r.status = 'converted')::int as converted
      from demo_requests r
      where r.created_at >= ${since.toISOString()}::timestamptz and r.status <> 'spam' and r.grade is not null
      group by r.grade order by r.grade`),
    db.execute(
      sql`select count(*)::int as n from demo_requests where status = 'new' and created_at < ${nowIso}::timestamptz - interval '24 hours'`,
    ),
    db.execute(sql`select role, count(*)::int as n from users group by role`),
    db.execute(sql`select count(*)::int as n from courses where is_published`),
  ]);
  // PGlite and node-postgres both answer raw SQL with { rows }.
  const rows = (result: unknown) => (result as { rows: Row[] }).rows;
  const conversion = (r: Row): Conversion => ({ label: String(r.label), requests: num(r.requests), converted: num(r.converted) });
  const promiseRow = rows(promise)[0] ?? {};
  return {
    requestsPerDay: rows(perDay).map((r) => ({ day: String(r.day), requests: num(r.requests) })),
    promise: { judged: num(promiseRow.judged), contactedInTime: num(promiseRow.contacted_in_time) },
    byCourse: splitTopGroups(rows(byCourse).map(conversion), COURSE_CHART_ROWS),
    byGrade: rows(byGrade).map(conversion),
    overdue: num(rows(overdue)[0]?.n),
    usersByRole: Object.fromEntries(rows(byRole).map((r) => [String(r.role), num(r.n)])),
    publishedCourses: num(rows(published)[0]?.n),
  };
}
