import "server-only";

import { and, asc, desc, eq, inArray } from "drizzle-orm";

import type { Actor } from "@/lib/platform/auth/permissions";
import type { Database } from "@/lib/platform/db/client";
import { homeworkTasks } from "@/lib/platform/db/schema";
import { AppError } from "@/lib/platform/errors";
import { parseInput } from "@/lib/platform/http/responses";
import { textScreen } from "@/lib/platform/security/screen";
import { hostOf, isAllowedHost } from "@/lib/platform/security/screening";
import { sectionSessionsWithChanges } from "@/lib/scheduling/session-overrides";
import { wallTimeToInstant } from "@/lib/scheduling/time";

import { HOMEWORK_LIMITS } from "./limits";
import { HOMEWORK_MESSAGES as M } from "./messages";
import { setHomeworkInput, type SetHomeworkInput } from "./schema";
import { taughtSection } from "./sections";

/**
 * A link shown to families only when it is to a site on the allow-list (as session notes' homework
 * links are); any other is held for support, kept but not shown.
 */
export function screenLink(url: string, allowedHosts: readonly string[]): { shown: string | null; held: string | null } {
  if (url === "") return { shown: null, held: null };
  const host = hostOf(url);
  return host && isAllowedHost(host, allowedHosts) ? { shown: url, held: null } : { shown: null, held: url };
}

/** The teacher's wall time (a datetime-local value) in their zone as an instant; null for one that does not exist there. */
export function dueInstant(dueLocal: string, zone: string): Date | null {
  const [date, clock] = dueLocal.split("T") as [string, string];
  const [hours, minutes] = clock.split(":").map(Number) as [number, number];
  return wallTimeToInstant(date, hours * 60 + minutes, zone)?.toJSDate() ?? null;
}

export interface SetHomework {
  taskId: number;
  isMasked: boolean;
  isLinkHeld: boolean;
}

/**
 * Sets a task on one session of a section the actor teaches (an admin: any): its title,
 * instructions (screened like a session note: contact details masked, what was typed kept for
 * support), an optional resource link (shown only when on the allow-list) and the instant it is
 * due, given as a wall time in the teacher's zone and shown to each family in theirs.
 */
export async function setHomework(db: Database, actor: Actor | null, input: SetHomeworkInput, teacherZone: string): Promise<SetHomework> {
  const data = parseInput(setHomeworkInput, input);
  const section = await taughtSection(db, actor, data.sectionId);
  const startsAt = new Date(data.sessionStartsAt);
  const [session] = sectionSessionsWithChanges(section, startsAt, new Date(startsAt.getTime() + 1));
  if (!session) throw new AppError("invalid", M.noSuchSession, { fieldErrors: { sessionStartsAt: M.noSuchSession } });
  const dueAt = dueInstant(data.dueLocal, teacherZone);
  if (!dueAt) throw new AppError("invalid", M.dueInvalid, { fieldErrors: { dueLocal: M.dueInvalid } });
  if (dueAt.getTime() <= startsAt.getTime())
    throw new AppError("invalid", M.dueBeforeSession, { fieldErrors: { dueLocal: M.dueBeforeSession } });
  // The sites admins allow (lib/safety's list): a link to one reaches families as written.
  const screen = await textScreen(db);
  const instructions = screen(data.instructions);
  const title = screen(data.title);
  const link = screenLink(data.resourceUrl, screen.allowedHosts);
  const [task] = await db
    .insert(homeworkTasks)
    .values({
      sectionId: section.id,
      sessionStartsAt: startsAt,
      title: title.text.slice(0, HOMEWORK_LIMITS.title),
      instructions: instructions.text.slice(0, HOMEWORK_LIMITS.instructions),
      originalInstructions: instructions.isFlagged || title.isFlagged ? `${data.title}\n\n${data.instructions}` : null,
      resourceUrl: link.shown,
      heldResourceUrl: link.held,
      flagged: instructions.isFlagged || title.isFlagged || link.held !== null,
      dueAt,
      authorId: actor!.id,
    })
    .returning({ id: homeworkTasks.id });
  return { taskId: task!.id, isMasked: instructions.isMasked || title.isMasked, isLinkHeld: link.held !== null };
}

export type HomeworkTask = typeof homeworkTasks.$inferSelect;

/** A section's tasks, newest session first. */
export async function sectionTasks(db: Pick<Database, "select">, sectionIds: number[]): Promise<HomeworkTask[]> {
  if (sectionIds.length === 0) return [];
  return db
    .select()
    .from(homeworkTasks)
    .where(inArray(homeworkTasks.sectionId, sectionIds))
    .orderBy(desc(homeworkTasks.dueAt), asc(homeworkTasks.id));
}

export async function findTask(db: Pick<Database, "select">, taskId: number): Promise<HomeworkTask | null> {
  const [task] = await db
    .select()
    .from(homeworkTasks)
    .where(and(eq(homeworkTasks.id, taskId)));
  return task ?? null;
}

/** The sessions a task can be set on: the section's sessions from four weeks back to eight weeks ahead. */
export function homeworkSessionChoices(section: Parameters<typeof sectionSessionsWithChanges>[0], now = new Date()): string[] {
  const from = new Date(now.getTime() - 28 * 86_400_000);
  const to = new Date(now.getTime() + 56 * 86_400_000);
  return sectionSessionsWithChanges(section, from, to).map((session) => session.startsAt);
}
