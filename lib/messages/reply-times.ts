import "server-only";

import { sql } from "drizzle-orm";

import { authorize, type Actor } from "@/lib/platform/auth/permissions";
import { getDb } from "@/lib/platform/db/client";

export interface TeacherReplyTime {
  teacherId: number;
  teacherName: string;
  /** The median wait, in minutes, from a family's message to the teacher's next reply in that thread. */
  medianMinutes: number;
  /** How many such waits it is the median of (answered questions). */
  replies: number;
  /** Families' messages still waiting for this teacher's reply. */
  waiting: number;
}

export const REPLY_TIME_DAYS = 90;

interface ReplyRow {
  teacher_id: number;
  teacher_name: string | null;
  median_seconds: number | string | null;
  replies: number;
  waiting: number;
}

/**
 * Each teacher's median reply time (issue 28), over the last REPLY_TIME_DAYS: a wait starts at a
 * family message that follows a teacher's message (or opens the thread): several family messages
 * in a row are one question, timed from the first; it ends at the teacher's next message in that
 * thread. Support's messages neither start nor end a wait. PostgreSQL's percentile_cont.
 */
export async function teacherReplyTimes(actor: Actor | null, now = new Date()): Promise<TeacherReplyTime[]> {
  authorize(actor, "figures.read");
  const db = await getDb();
  const since = new Date(now.getTime() - REPLY_TIME_DAYS * 86_400_000);
  const result = await db.execute(sql`
    with talk as (
      select m.thread_id, t.teacher_id, m.author_role, m.created_at,
        lag(m.author_role) over (partition by m.thread_id order by m.created_at, m.id) as before
      from messages m join message_threads t on t.id = m.thread_id
      where m.author_role in ('family', 'teacher') and m.created_at >= ${since.toISOString()}::timestamptz
    ),
    waits as (
      select q.teacher_id,
        (select min(r.created_at) from talk r where r.thread_id = q.thread_id and r.author_role = 'teacher' and r.created_at > q.created_at) - q.created_at as wait
      from talk q
      where q.author_role = 'family' and (q.before is null or q.before = 'teacher')
    )
    select w.teacher_id, u.display_name as teacher_name,
      percentile_cont(0.5) within group (order by extract(epoch from w.wait)) filter (where w.wait is not null) as median_seconds,
      count(w.wait)::int as replies,
      (count(*) - count(w.wait))::int as waiting
    from waits w join users u on u.id = w.teacher_id
    group by w.teacher_id, u.display_name
    order by median_seconds nulls last`);
  // PGlite and node-postgres both answer raw SQL with { rows }.
  const rows = (result as unknown as { rows: ReplyRow[] }).rows;
  return rows.map((row) => ({
    teacherId: Number(row.teacher_id),
    teacherName: row.teacher_name ?? `Teacher ${row.teacher_id}`,
    medianMinutes: row.median_seconds === null ? Number.NaN : Math.round(Number(row.median_seconds) / 60),
    replies: Number(row.replies),
    waiting: Number(row.waiting),
  }));
}
