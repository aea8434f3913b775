import "server-only";

import { sql } from "drizzle-orm";

import { authorize, type Actor } from "@/lib/platform/auth/permissions";
import { getDb } from "@/lib/platform/db/client";

/** Demos whose time fell in this many days before now are counted. */
export const DEMO_CONVERSION_DAYS = 90;
/** A demo counts as enrolled when its family got a paid seat in the course within this many days of the demo's start. */
export const ENROL_WITHIN_DAYS = 30;

export interface DemoConversionRow {
  /** The course's or the teacher's id (0 for a deleted course). */
  id: number;
  label: string;
  /** Past demos not cancelled: confirmed (no outcome yet), attended or no-show. */
  booked: number;
  attended: number;
  enrolled: number;
}

export interface DemoConversion {
  byCourse: DemoConversionRow[];
  byTeacher: DemoConversionRow[];
}

type Row = Record<string, unknown>;

/**
 * The funnel a demo is for (issue 27): demos booked → attended → enrolled, per course and per
 * teacher. Booked: a demo whose start is in the last DEMO_CONVERSION_DAYS and already past, not
 * cancelled. Attended: its teacher marked it so. Enrolled: the demo's child, or any child of the
 * family's account (the child's parent, or the account that made the request), has a paid seat
 * (confirmed, not refunded; a seat held for a card payment does not count) in a section of the
 * same course, made from the demo's start to ENROL_WITHIN_DAYS after it. A family enrolled
 * without attending (after a no-show, say) still counts as enrolled. One SQL aggregate per table.
 */
export async function getDemoConversion(actor: Actor, now = new Date()): Promise<DemoConversion> {
  authorize(actor, "figures.read");
  const db = await getDb();
  const since = new Date(now.getTime() - DEMO_CONVERSION_DAYS * 86_400_000).toISOString();
  const nowIso = now.toISOString();
  const demos = sql`
    with demos as (
      select b.id, b.course_id, b.teacher_id, b.status, b.starts_at, b.learner_id,
             coalesce(l.parent_id, r.user_id) as family_id
      from bookings b
      left join learners l on l.id = b.learner_id
      left join demo_requests r on r.id = b.demo_request_id
      where b.kind = 'demo' and b.status in ('confirmed', 'attended', 'no_show')
        and b.starts_at >= ${since}::timestamptz and b.starts_at < ${nowIso}::timestamptz
    ), funnel as (
      select d.*, exists (
        select 1 from bookings s left join learners sl on sl.id = s.learner_id
        where s.kind = 'seat' and s.status in ('confirmed', 'attended', 'no_show') and s.course_id = d.course_id
          and (s.learner_id = d.learner_id or (d.family_id is not null and sl.parent_id = d.family_id))
          and s.created_at >= d.starts_at and s.created_at < d.starts_at + make_interval(days => ${ENROL_WITHIN_DAYS})
      ) as enrolled
      from demos d
    )`;
  const counts = sql`count(*)::int as booked, count(*) filter (where f.status = 'attended')::int as attended,
    count(*) filter (where f.enrolled)::int as enrolled`;
  const [byCourse, byTeacher] = await Promise.all([
    db.execute(sql`${demos}
      select coalesce(c.id, 0) as id, coalesce(c.title, 'A deleted course') as label, ${counts}
      from funnel f left join courses c on c.id = f.course_id
      group by c.id, c.title order by 3 desc, 2`),
    db.execute(sql`${demos}
      select f.teacher_id as id, coalesce(p.public_name, u.display_name, 'Teacher #' || f.teacher_id) as label, ${counts}
      from funnel f left join users u on u.id = f.teacher_id left join teacher_profiles p on p.user_id = f.teacher_id
      group by f.teacher_id, p.public_name, u.display_name order by 3 desc, 2`),
  ]);
  // PGlite and node-postgres both answer raw SQL with { rows }.
  const rows = (result: unknown) =>
    (result as { rows: Row[] }).rows.map((r) => ({
      id: Number(r.id ?? 0),
      label: String(r.label),
      booked: Number(r.booked ?? 0),
      attended: Number(r.attended ?? 0),
      enrolled: Number(r.enrolled ?? 0),
    }));
  return { byCourse: rows(byCourse), byTeacher: rows(byTeacher) };
}

/** "40%" of a part in a whole; "—" for none. */
export function share(part: number, whole: number): string {
  return whole === 0 ? "—" : `${Math.round((part / whole) * 100)}%`;
}
