import "server-only";

import { and, eq, gt, inArray, or } from "drizzle-orm";
import { DateTime } from "luxon";

import { ATTENDANCE_STATUSES } from "@/lib/classroom/schema";
import { listFamilySessions } from "@/lib/classroom/session-notes";
import { newFamilyReports } from "@/lib/homework/progress";
import { enqueueDeferredEmails, type EmailRenderer } from "@/lib/notifications/deferred-email";
import { emailDedupeKey } from "@/lib/notifications/email";
import { weeklyDigestEmail } from "@/lib/notifications/messages/weekly-digest";
import {
  addressesWithDigestOff,
  isWeeklyDigestOff,
  listUnsubscribeHeaders,
  unsubscribePageUrl,
  unsubscribeTokenFor,
} from "@/lib/notifications/preferences";
import { brand } from "@/lib/platform/brand";
import type { Database } from "@/lib/platform/db/client";
import { bookings, learners, outbox, users } from "@/lib/platform/db/schema";
import { formatInstantInZone, isValidTimeZone } from "@/lib/scheduling/time";
import { zoneLabel } from "@/lib/scheduling/zone-name";

import { readerZone } from "./booking-mail";

/**
 * The weekly digest (issue 28): one email per family and week, with every session of each of its
 * children in the family's local week (Sunday 00:00 to the next Sunday 00:00 in its zone, so a week
 * with a daylight-saving change is 167 or 169 hours), their attendance and the teachers' notes. It
 * goes from Sunday 17:00 in the family's zone, the day after its week ends, while the teachers'
 * notes are written; a scan later than DIGEST_LATE_HOURS after that skips the week rather than
 * mail it on a Monday. Every instance scans every minute: the outbox key names (family, week) and
 * its insert does nothing on a key that exists, so each digest is queued (and sent) once. It is
 * rendered at delivery, from the rows as they are then; a family with nothing in its week, or whose
 * digest is off by then, gets nothing.
 */
export const DIGEST_SEND = { weekday: 7, hour: 17 } as const;
export const DIGEST_LATE_HOURS = 12;
export const WEEKLY_DIGEST_KIND = "weekly-digest";

/** Seats that may have sessions in a week ending now: confirmed, or left within the last fortnight (their attendance still counts). */
const RECENTLY_LEFT_MS = 14 * 86_400_000;

export const weeklyDigestKey = (parentId: number, weekStart: string) => `weekly_digest:${parentId}:${weekStart}`;

export interface DigestWeek {
  /** The first local day of the week, "2026-11-01": the week's name in keys and references. */
  weekStart: string;
  from: Date;
  to: Date;
  /** When this week's digest falls due (Sunday 17:00 local after the week). */
  dueAt: Date;
}

/** The local week that starts on `weekStart` (a Sunday, "yyyy-MM-dd") in `zone`, its bounds by the wall clock. */
export function digestWeekOf(weekStart: string, zone: string): DigestWeek | null {
  const start = DateTime.fromISO(weekStart, { zone });
  if (!start.isValid || start.weekday !== 7) return null;
  const end = start.plus({ weeks: 1 });
  return {
    weekStart,
    from: start.toJSDate(),
    to: end.toJSDate(),
    dueAt: end.set({ hour: DIGEST_SEND.hour }).toJSDate(),
  };
}

/** The week whose digest is due at `now` in `zone` (its send time passed less than DIGEST_LATE_HOURS ago), or null. */
export function dueDigestWeek(zone: string, now: Date): DigestWeek | null {
  const local = DateTime.fromJSDate(now, { zone: isValidTimeZone(zone) ? zone : "UTC" });
  // The latest Sunday at 00:00 local on or before now: the end of the last full week.
  const sunday = local.startOf("day").minus({ days: local.weekday % 7 });
  const week = digestWeekOf(sunday.minus({ weeks: 1 }).toISODate()!, local.zoneName ?? "UTC");
  if (!week) return null;
  const late = now.getTime() - week.dueAt.getTime();
  return late >= 0 && late < DIGEST_LATE_HOURS * 3_600_000 ? week : null;
}

/** Families that may have had sessions lately: the parents of children with a seat confirmed, or left lately. */
async function candidateFamilies(db: Database, now: Date) {
  return db
    .selectDistinct({ parentId: users.id, email: users.email, zone: users.timezone })
    .from(bookings)
    .innerJoin(learners, eq(learners.id, bookings.learnerId))
    .innerJoin(users, eq(users.id, learners.parentId))
    .where(
      and(
        eq(bookings.kind, "seat"),
        or(
          eq(bookings.status, "confirmed"),
          and(eq(bookings.status, "cancelled"), gt(bookings.statusChangedAt, new Date(now.getTime() - RECENTLY_LEFT_MS))),
        ),
      ),
    );
}

/**
 * One scan: queues the digest of every family whose week's digest is due at `now` (tests pass a
 * fake clock), has something in it, is not off, and was not queued before. Returns how many it
 * queued (a concurrent scan may have won some of those inserts: then one message still).
 */
export async function queueWeeklyDigests(db: Database, now: Date = new Date()): Promise<number> {
  const due = (await candidateFamilies(db, now)).flatMap((family) => {
    const zone = readerZone(family.zone, null);
    const week = dueDigestWeek(zone, now);
    return week ? [{ ...family, week }] : [];
  });
  if (due.length === 0) return 0;
  const keys = due.map((d) => emailDedupeKey(weeklyDigestKey(d.parentId, d.week.weekStart)));
  const queued = new Set(
    (await db.select({ key: outbox.dedupeKey }).from(outbox).where(inArray(outbox.dedupeKey, keys))).map((row) => row.key),
  );
  const off = await addressesWithDigestOff(
    db,
    due.map((d) => d.email),
  );
  let count = 0;
  for (const family of due) {
    const key = weeklyDigestKey(family.parentId, family.week.weekStart);
    if (queued.has(emailDedupeKey(key)) || off.has(family.email.trim().toLowerCase())) continue;
    const sessions = await listFamilySessions(db, family.parentId, { from: family.week.from, to: family.week.to, now });
    if (sessions.length === 0) continue;
    await enqueueDeferredEmails(db, [{ key, kind: WEEKLY_DIGEST_KIND, ref: `${family.parentId}:${family.week.weekStart}` }]);
    count += 1;
  }
  return count;
}

const ATTENDANCE_WORDS: Record<(typeof ATTENDANCE_STATUSES)[number], string> = { present: "Present", absent: "Absent", late: "Late" };

/** Renders a family's digest at delivery: in its zone as it is then, nothing if the week is empty or the digest was turned off. */
const renderWeeklyDigest: EmailRenderer = async (db, ref) => {
  const match = /^(\d{1,9}):(\d{4}-\d{2}-\d{2})$/.exec(ref);
  if (!match) throw new Error(`bad weekly digest reference "${ref}"`);
  const parentId = Number(match[1]);
  const [parent] = await db
    .select({ email: users.email, name: users.displayName, zone: users.timezone })
    .from(users)
    .where(eq(users.id, parentId));
  if (!parent || (await isWeeklyDigestOff(db, parent.email))) return null;
  const zone = readerZone(parent.zone, null);
  const week = digestWeekOf(match[2]!, zone);
  if (!week) throw new Error(`bad weekly digest week "${ref}"`);
  const sessions = await listFamilySessions(db, parentId, { from: week.from, to: week.to, now: week.to });
  if (sessions.length === 0) return null;
  const reports = await newFamilyReports(db, parentId, week.from, week.to);
  const token = await unsubscribeTokenFor(db, parent.email);
  const first = DateTime.fromJSDate(week.from, { zone });
  const last = DateTime.fromJSDate(week.to, { zone }).minus({ days: 1 });
  const content = weeklyDigestEmail({
    readerName: parent.name,
    week: `${first.toFormat("ccc, LLL d")} – ${last.toFormat("ccc, LLL d, yyyy")}`,
    zone: zoneLabel(zone),
    // Oldest first: the week as it went.
    sessions: [...sessions].reverse().map((s) => ({
      when: formatInstantInZone(s.startsAt, zone),
      courseTitle: s.courseTitle,
      child: s.learnerFirstName,
      attendance: s.state === "cancelled" ? "Cancelled" : s.attendance ? ATTENDANCE_WORDS[s.attendance] : "Not marked yet",
      attendanceNote: s.attendanceNote,
      covered: s.note?.covered ?? null,
      homeworkUrl: s.note?.homeworkUrl ?? null,
      line: s.note?.line ?? null,
    })),
    reports: reports.map((r) => ({ child: r.learnerFirstName, courseTitle: r.courseTitle, nextStep: r.nextStep })),
    pageUrl: `${brand.siteUrl}/my-courses`,
    preferencesUrl: unsubscribePageUrl(token),
  });
  return { ...content, to: parent.email, headers: listUnsubscribeHeaders(token) };
};

export const weeklyDigestRenderers: Readonly<Record<string, EmailRenderer>> = { [WEEKLY_DIGEST_KIND]: renderWeeklyDigest };
