import "server-only";

import { sql } from "drizzle-orm";
import { DateTime } from "luxon";

import { authorize, type Actor } from "@/lib/platform/auth/permissions";
import { getDb } from "@/lib/platform/db/client";

import { CURRENCY } from "@/lib/commerce/wallet/money";
import { isValidTimeZone } from "@/lib/scheduling/time";

export const REVENUE_DAYS = 30;
/** The course table lists the best-selling courses; the rest are summed in one line. */
export const REVENUE_COURSE_ROWS = 10;

export interface RevenueDay {
  /** YYYY-MM-DD: a day on the reader's clock (their zone, else UTC). */
  day: string;
  /** Seats paid that day minus refunds made that day, in minor units (can be negative). */
  netMinor: number;
}

export interface CourseRevenue {
  title: string;
  seats: number;
  grossMinor: number;
  refundedMinor: number;
  netMinor: number;
}

export interface Revenue {
  perDay: RevenueDay[];
  byCourse: CourseRevenue[];
  /** Courses after the first REVENUE_COURSE_ROWS, summed; null when there are none. */
  otherCourses: { courses: number; netMinor: number } | null;
  totalNetMinor: number;
}

type Row = Record<string, unknown>;
const num = (v: unknown) => Number(v ?? 0);
const rowsOf = (result: unknown) => (result as { rows: Row[] }).rows;

/**
 * Revenue over the last 30 days in the configured currency, days on the reader's clock (`zone`, one
 * clock per person; UTC when not given): the seats of paid orders (by the day they were paid, wallet
 * and card alike) minus refunds (by the day they were made). Gifts are not revenue: the {product}
 * Cash they move was counted when it paid for a seat. Only the days follow the zone; no amount does.
 */
export async function getRevenue(actor: Actor, now = new Date(), zone = "UTC"): Promise<Revenue> {
  authorize(actor, "figures.read");
  const db = await getDb();
  const tz = isValidTimeZone(zone) ? zone : "UTC";
  const today = DateTime.fromJSDate(now, { zone: tz }).startOf("day");
  const firstDay = today.minus({ days: REVENUE_DAYS - 1 });
  const since = firstDay.toJSDate().toISOString();
  const [perDay, byCourse] = await Promise.all([
    db.execute(sql`
      with paid as (
        select date_trunc('day', o.paid_at, ${tz}) as day, sum(oi.price_minor) as minor
        from orders o join order_items oi on oi.order_id = o.id
        where o.paid_at >= ${since}::timestamptz and o.currency = ${CURRENCY}
        group by 1),
      refunded as (
        select date_trunc('day', r.created_at, ${tz}) as day, sum(r.wallet_minor + r.card_minor) as minor
        from refunds r
        where r.created_at >= ${since}::timestamptz and r.currency = ${CURRENCY}
        group by 1)
      select to_char(d.day, 'YYYY-MM-DD') as day,
             (coalesce(p.minor, 0) - coalesce(r.minor, 0))::bigint as net
      from generate_series(${firstDay.toISODate()}::timestamp, ${today.toISODate()}::timestamp, interval '1 day') as d(day)
      left join paid p on p.day = (d.day at time zone ${tz})
      left join refunded r on r.day = (d.day at time zone ${tz})
      order by d.day`),
    db.execute(sql`
      with paid as (
        select s.course_id, count(*) as seats, sum(oi.price_minor) as minor
        from orders o join order_items oi on oi.order_id = o.id join sections s on s.id = oi.section_id
        where o.paid_at >= ${since}::timestamptz and o.currency = ${CURRENCY}
        group by 1),
      refunded as (
        select s.course_id, sum(r.wallet_minor + r.card_minor) as minor
        from refunds r join order_items oi on oi.id = r.order_item_id join sections s on s.id = oi.section_id
        where r.created_at >= ${since}::timestamptz and r.currency = ${CURRENCY}
        group by 1)
      select c.title, coalesce(p.seats, 0)::int as seats, coalesce(p.minor, 0)::bigint as gross, coalesce(r.minor, 0)::bigint as refunded
      from courses c
      left join paid p on p.course_id = c.id
      left join refunded r on r.course_id = c.id
      where p.course_id is not null or r.course_id is not null
      order by coalesce(p.minor, 0) - coalesce(r.minor, 0) desc, c.title`),
  ]);
  const days = rowsOf(perDay).map((row) => ({ day: String(row.day), netMinor: num(row.net) }));
  const courses = rowsOf(byCourse).map((row) => {
    const grossMinor = num(row.gross);
    const refundedMinor = num(row.refunded);
    return { title: String(row.title), seats: num(row.seats), grossMinor, refundedMinor, netMinor: grossMinor - refundedMinor };
  });
  const others = courses.slice(REVENUE_COURSE_ROWS);
  return {
    perDay: days,
    byCourse: courses.slice(0, REVENUE_COURSE_ROWS),
    otherCourses: others.length ? { courses: others.length, netMinor: others.reduce((sum, c) => sum + c.netMinor, 0) } : null,
    totalNetMinor: days.reduce((sum, d) => sum + d.netMinor, 0),
  };
}
