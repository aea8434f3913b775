import "server-only";

import { and, asc, desc, eq, sql } from "drizzle-orm";

import { recordAudit } from "@/lib/audit/audit";
import { getThread } from "@/lib/messages/threads";
import { authorize, type Actor } from "@/lib/platform/auth/permissions";
import { getDb, type Database } from "@/lib/platform/db/client";
import {
  auditEvents,
  concernReportNotes,
  concernReports,
  courseReviews,
  courses,
  messages,
  messageThreads,
  teacherProfiles,
  users,
} from "@/lib/platform/db/schema";
import { AppError } from "@/lib/platform/errors";
import { emit } from "@/lib/platform/events/events";
import { parseInput } from "@/lib/platform/http/responses";

import { concernClosed } from "./events";
import {
  CONCERN_FIRST_RESPONSE_HOURS,
  concernIdSchema,
  reportConcernSchema,
  SAFETY_MESSAGES,
  triageConcernSchema,
  type ConcernReason,
  type ConcernStatus,
  type ConcernSubject,
} from "./schema";

/**
 * Report a concern (issue 40). A signed-in parent reports a class, a teacher, a message or a review
 * they can see; a teacher reports a message, or a family they teach. Support triages them in a
 * queue (new → in review → action taken → closed) with a 24-hour first-response clock, notes and
 * an audit trail; the reporter is told when it is closed. Something the reporter cannot see is
 * refused with the same message as something that does not exist, so ids reveal nothing.
 */

/** What the reporter is reporting, as they may see it, named for the queue; null when they may not see it. */
async function subjectLabel(db: Database, actor: Actor, type: ConcernSubject, id: string): Promise<string | null> {
  switch (type) {
    case "course": {
      const [row] = await db
        .select({ title: courses.title })
        .from(courses)
        .where(and(eq(courses.slug, id), eq(courses.isPublished, true)));
      return row ? `Class: ${row.title}` : null;
    }
    case "teacher": {
      if (!/^\d{1,9}$/.test(id)) return null;
      const [row] = await db
        .select({ name: teacherProfiles.publicName })
        .from(teacherProfiles)
        .where(and(eq(teacherProfiles.userId, Number(id)), sql`${teacherProfiles.approvedAt} is not null`));
      return row ? `Teacher: ${row.name}` : null;
    }
    case "review": {
      if (!/^\d{1,9}$/.test(id)) return null;
      const [row] = await db
        .select({ title: courses.title })
        .from(courseReviews)
        .innerJoin(courses, eq(courses.id, courseReviews.courseId))
        .where(and(eq(courseReviews.id, Number(id)), eq(courseReviews.status, "approved")));
      return row ? `A review of ${row.title}` : null;
    }
    case "message": {
      if (!/^\d{1,15}$/.test(id)) return null;
      const [row] = await db
        .select({ threadId: messages.threadId, authorId: messages.authorId })
        .from(messages)
        .where(eq(messages.id, Number(id)));
      if (!row) return null;
      // Only a party to the conversation reports its messages (support hides them instead).
      const thread = await getThread(actor, row.threadId).catch(() => null);
      if (!thread || thread.side === "staff") return null;
      if (row.authorId === actor.id) throw new AppError("invalid", SAFETY_MESSAGES.ownMessage);
      return `A message in “${thread.title}”`;
    }
    case "family": {
      if (!/^\d{1,9}$/.test(id) || actor.role !== "teacher") return null;
      const [row] = await db
        .select({ name: users.displayName })
        .from(messageThreads)
        .innerJoin(users, eq(users.id, messageThreads.familyId))
        .where(and(eq(messageThreads.familyId, Number(id)), eq(messageThreads.teacherId, actor.id)))
        .limit(1);
      return row ? `Family: ${row.name ?? "a family"}` : null;
    }
  }
}

/** What the report form names ("Teacher: Ms Lopez"), or null when the signed-in person may not report it. */
export async function describeReportSubject(actor: Actor, type: unknown, id: unknown): Promise<string | null> {
  const parsed = reportConcernSchema.pick({ subjectType: true, subjectId: true }).safeParse({ subjectType: type, subjectId: id });
  if (!parsed.success) return null;
  return subjectLabel(await getDb(), actor, parsed.data.subjectType, parsed.data.subjectId).catch(() => null);
}

/** The reporter's own reports, newest first: what they reported and where it stands. */
export async function listMyConcerns(
  actor: Actor,
): Promise<{ id: number; subjectLabel: string; status: ConcernStatus; createdAt: Date }[]> {
  const db = await getDb();
  return db
    .select({
      id: concernReports.id,
      subjectLabel: concernReports.subjectLabel,
      status: concernReports.status,
      createdAt: concernReports.createdAt,
    })
    .from(concernReports)
    .where(eq(concernReports.reporterId, actor.id))
    .orderBy(desc(concernReports.id))
    .limit(50);
}

/** Files a concern; refused (nothing stored) when empty or too long, not the reporter's to see, or already reported and open. */
export async function reportConcern(actor: Actor, input: unknown, now = new Date()): Promise<{ concernId: number }> {
  const data = parseInput(reportConcernSchema, input);
  const db = await getDb();
  const label = await subjectLabel(db, actor, data.subjectType, data.subjectId);
  if (!label) throw new AppError("not-found", SAFETY_MESSAGES.notFound);
  return db.transaction(async (tx) => {
    // One open report per reporter and subject, decided by the partial unique index.
    const [row] = await tx
      .insert(concernReports)
      .values({
        reporterId: actor.id,
        subjectType: data.subjectType,
        subjectId: data.subjectId,
        subjectLabel: label,
        reason: data.reason,
        details: data.details,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: concernReports.id });
    if (!row) throw new AppError("conflict", SAFETY_MESSAGES.duplicate);
    await recordAudit(tx, actor, { action: "concern.reported", targetType: "concern_report", targetId: row.id });
    return { concernId: row.id };
  });
}

export interface ConcernSummary {
  id: number;
  subjectType: ConcernSubject;
  subjectLabel: string;
  reason: ConcernReason;
  status: ConcernStatus;
  reporterName: string;
  createdAt: Date;
  /** When the first response is due (created + 24 hours); null once support responded. */
  firstResponseDue: Date | null;
  isOverdue: boolean;
}

const dueOf = (createdAt: Date) => new Date(createdAt.getTime() + CONCERN_FIRST_RESPONSE_HOURS * 3_600_000);

/** The triage queue: open concerns first (oldest first, so the clock reads down), then the closed, newest first. */
export async function listConcerns(actor: Actor | null, { now = new Date(), limit = 100 } = {}): Promise<ConcernSummary[]> {
  authorize(actor, "safety.triage");
  const db = await getDb();
  const rows = await db
    .select({
      id: concernReports.id,
      subjectType: concernReports.subjectType,
      subjectLabel: concernReports.subjectLabel,
      reason: concernReports.reason,
      status: concernReports.status,
      reporterName: users.displayName,
      createdAt: concernReports.createdAt,
      firstResponseAt: concernReports.firstResponseAt,
    })
    .from(concernReports)
    .leftJoin(users, eq(users.id, concernReports.reporterId))
    .orderBy(
      sql`${concernReports.status} = 'closed'`,
      sql`case when ${concernReports.status} = 'closed' then 0 else extract(epoch from ${concernReports.createdAt}) end`,
      desc(concernReports.createdAt),
    )
    .limit(limit);
  return rows.map((row) => {
    const due = row.firstResponseAt ? null : dueOf(row.createdAt);
    return {
      id: row.id,
      subjectType: row.subjectType,
      subjectLabel: row.subjectLabel,
      reason: row.reason,
      status: row.status,
      reporterName: row.reporterName ?? "Deleted account",
      createdAt: row.createdAt,
      firstResponseDue: due,
      isOverdue: due !== null && row.status !== "closed" && due.getTime() < now.getTime(),
    };
  });
}

export interface ConcernView extends ConcernSummary {
  subjectId: string;
  /** Where support reads what was reported (the conversation, the teacher's or class's page), when it has a page. */
  subjectHref: string | null;
  details: string;
  notes: { author: string; body: string; createdAt: Date }[];
  trail: { action: string; actor: string; at: Date }[];
}

/** One concern with its notes and audit trail (support and admins). */
export async function getConcern(actor: Actor | null, concernId: unknown, now = new Date()): Promise<ConcernView> {
  authorize(actor, "safety.triage");
  const parsed = concernIdSchema.safeParse(concernId);
  if (!parsed.success) throw new AppError("not-found", SAFETY_MESSAGES.concernNotFound);
  const db = await getDb();
  const [row] = await db.select().from(concernReports).where(eq(concernReports.id, parsed.data));
  if (!row) throw new AppError("not-found", SAFETY_MESSAGES.concernNotFound);
  const [reporter] = row.reporterId ? await db.select({ name: users.displayName }).from(users).where(eq(users.id, row.reporterId)) : [];
  const notes = await db
    .select({ author: users.displayName, body: concernReportNotes.body, createdAt: concernReportNotes.createdAt })
    .from(concernReportNotes)
    .leftJoin(users, eq(users.id, concernReportNotes.authorId))
    .where(eq(concernReportNotes.reportId, row.id))
    .orderBy(asc(concernReportNotes.id));
  const trail = await db
    .select({ action: auditEvents.action, actor: auditEvents.actorEmail, at: auditEvents.createdAt })
    .from(auditEvents)
    .where(and(eq(auditEvents.targetType, "concern_report"), eq(auditEvents.targetId, String(row.id))))
    .orderBy(asc(auditEvents.id));
  const due = row.firstResponseAt ? null : dueOf(row.createdAt);
  return {
    id: row.id,
    subjectType: row.subjectType,
    subjectId: row.subjectId,
    subjectHref: await subjectHrefOf(db, row.subjectType, row.subjectId),
    subjectLabel: row.subjectLabel,
    reason: row.reason,
    status: row.status,
    details: row.details,
    reporterName: reporter?.name ?? "Deleted account",
    createdAt: row.createdAt,
    firstResponseDue: due,
    isOverdue: due !== null && row.status !== "closed" && due.getTime() < now.getTime(),
    notes: notes.map((n) => ({ author: n.author ?? "Support", body: n.body, createdAt: n.createdAt })),
    trail: trail.map((t) => ({ action: t.action, actor: t.actor ?? "", at: t.at })),
  };
}

async function subjectHrefOf(db: Database, type: ConcernSubject, id: string): Promise<string | null> {
  if (type === "course") return `/courses/${encodeURIComponent(id)}`;
  if (type === "message" && /^\d{1,15}$/.test(id)) {
    const [row] = await db
      .select({ threadId: messages.threadId })
      .from(messages)
      .where(eq(messages.id, Number(id)));
    return row ? `/messages/${row.threadId}` : null;
  }
  if (type === "teacher" && /^\d{1,9}$/.test(id)) {
    const [row] = await db
      .select({ slug: teacherProfiles.slug })
      .from(teacherProfiles)
      .where(eq(teacherProfiles.userId, Number(id)));
    return row ? `/teachers/${row.slug}` : null;
  }
  return null;
}

/**
 * Support moves a concern to a status, with an optional note; either stops the first-response
 * clock. Closing it tells the reporter (concern.closed, in this transaction). Audited.
 */
export async function triageConcern(actor: Actor | null, input: unknown, now = new Date()): Promise<{ status: ConcernStatus }> {
  authorize(actor, "safety.triage");
  const { concernId, status, note } = parseInput(triageConcernSchema, input);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(concernReports).where(eq(concernReports.id, concernId)).for("update");
    if (!row) throw new AppError("not-found", SAFETY_MESSAGES.concernNotFound);
    if (status === row.status && note === "") return { status };
    await tx
      .update(concernReports)
      .set({
        status,
        firstResponseAt: row.firstResponseAt ?? now,
        closedAt: status === "closed" ? (row.closedAt ?? now) : null,
        updatedAt: now,
      })
      .where(eq(concernReports.id, concernId));
    if (note !== "") await tx.insert(concernReportNotes).values({ reportId: concernId, authorId: actor.id, body: note, createdAt: now });
    if (status !== row.status) {
      await recordAudit(tx, actor, {
        action: `concern.${status}`,
        targetType: "concern_report",
        targetId: concernId,
        details: { from: row.status },
      });
      if (status === "closed") await emit(tx, concernClosed, { concernId });
    }
    return { status };
  });
}
