import "server-only";

import { and, desc, eq } from "drizzle-orm";

import { authorize, type Actor, type Permission } from "@/lib/platform/auth/permissions";
import type { Database } from "@/lib/platform/db/client";
import { getDb } from "@/lib/platform/db/client";
import { auditEvents } from "@/lib/platform/db/schema";

export type AuditTarget =
  | "demo_request"
  | "user"
  | "course"
  | "teacher_application"
  | "outbox_message"
  | "order"
  | "section"
  | "earnings_statement"
  | "message_thread"
  | "concern_report"
  | "link_host"
  | "attendance_note"
  | "session_note";

export interface AuditEntry {
  action: string;
  targetType: AuditTarget;
  targetId: string | number;
  details?: Record<string, unknown>;
}

/** Who did it: a signed-in person (users.id), or an operator at the command line (no account). */
export type AuditActor = Pick<Actor, "email"> & { id: number | null };

export const COMMAND_LINE_ACTOR: AuditActor = { id: null, email: "command line (npm run set-role)" };

/**
 * Records a staff action. Pass the transaction the change runs in, so the record and the change
 * are written together or not at all.
 */
export async function recordAudit(db: Pick<Database, "insert">, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await db.insert(auditEvents).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action: entry.action,
    targetType: entry.targetType,
    targetId: String(entry.targetId),
    details: entry.details ?? null,
  });
}

export interface AuditRow {
  id: number;
  actorEmail: string;
  action: string;
  details: unknown;
  createdAt: Date;
}

/** Reading a thing's history needs the permission that manages the thing. */
const HISTORY_PERMISSION: Record<AuditTarget, Permission> = {
  demo_request: "leads.read",
  user: "users.manage",
  course: "courses.manage",
  teacher_application: "applications.decide",
  outbox_message: "outbox.manage",
  order: "orders.manage",
  // Every section's history (a teacher's own sections are not told apart here).
  section: "courses.manage",
  earnings_statement: "earnings.manage",
  // Hidden messages and blocked threads.
  message_thread: "messages.moderate",
  // Issue 40: a reported concern's triage and the actions taken on it.
  concern_report: "safety.triage",
  link_host: "link-hosts.manage",
  // Issue 40: a flagged attendance note resolved in the safety queue.
  attendance_note: "safety.triage",
  // Issue 40: a flagged session note resolved in the safety queue.
  session_note: "safety.triage",
};

/** The history of one thing, newest first. */
export async function listAuditFor(
  actor: Actor | null | undefined,
  targetType: AuditTarget,
  targetId: string | number,
  limit = 50,
): Promise<AuditRow[]> {
  authorize(actor, HISTORY_PERMISSION[targetType]);
  const db = await getDb();
  return db
    .select({
      id: auditEvents.id,
      actorEmail: auditEvents.actorEmail,
      action: auditEvents.action,
      details: auditEvents.details,
      createdAt: auditEvents.createdAt,
    })
    .from(auditEvents)
    .where(and(eq(auditEvents.targetType, targetType), eq(auditEvents.targetId, String(targetId))))
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(limit);
}
