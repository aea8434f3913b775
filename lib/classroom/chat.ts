import "server-only";

import { and, asc, count, desc, eq, gt, gte, isNull } from "drizzle-orm";

import type { Actor } from "@/lib/platform/auth/permissions";
import { getDb } from "@/lib/platform/db/client";
import { classroomChatMessages, classroomPresence, classroomRooms, sections } from "@/lib/platform/db/schema";
import { AppError } from "@/lib/platform/errors";
import { parseInput } from "@/lib/platform/http/responses";
import { screenShared } from "@/lib/platform/security/screen";

import { classroomAccess, displayNameOf, presenceKeyOf, type ClassroomPerson, type ClassroomRole } from "./classroom-access";
import { roomOf } from "./live-room";
import { CLASSROOM_MESSAGES, classroomChatInput, classroomChatReadInput, classroomChatTranscriptInput } from "./schema";

/**
 * Issue 43: the class's chat. A message goes to everyone in the session's room (there is no private
 * chat, between learners or anyone), is screened as family–teacher messages are (the one screening
 * entry point, digits counted across the author's recent messages here), flagged ones reach
 * support's safety queue (lib/classroom/flagged-notes.ts), and it is kept with the session (its
 * room). Only people in the room now may post or read it: admitted, never a family waiting or
 * removed; afterwards the section's teacher, support and admins read it (sessionChatTranscript).
 */

/** How many of an author's messages a minute the room takes. */
const MESSAGES_PER_MINUTE = 20;
/** How long and how many of an author's messages count towards a number split over messages (as in messages). */
const SPLIT_NUMBER_WINDOW_MINUTES = 15;
const SPLIT_NUMBER_MESSAGES = 4;
/** The most messages one read returns (a page that was away catches up in a few reads). */
const READ_LIMIT = 200;
/** A masked message can grow; the stored body stays within the table's limit. */
const STORED_BODY_MAX = 2_000;

/** One chat message as the room reads it (never what was typed, when the screen changed it). */
export interface ChatLine {
  id: number;
  author: string;
  role: ClassroomRole;
  body: string;
  at: string;
  /** Written by the person reading. */
  mine: boolean;
}

/** The person's place in the session's room now; refused unless they are in it (admitted). */
async function inTheRoom(actor: ClassroomPerson | null, sectionId: number, now: Date) {
  const access = await classroomAccess(actor, sectionId, now);
  if (access.where.kind === "outside") throw new AppError("conflict", CLASSROOM_MESSAGES.notInClassroom);
  const room = await roomOf(access);
  if (room.endedAt || now.getTime() >= new Date(access.closesAt).getTime()) throw new AppError("conflict", CLASSROOM_MESSAGES.classEnded);
  const key = presenceKeyOf(actor!);
  const db = await getDb();
  const [presence] = await db
    .select({ state: classroomPresence.state })
    .from(classroomPresence)
    .where(
      and(
        eq(classroomPresence.roomId, room.id),
        eq(classroomPresence.userId, key.userId),
        key.learnerId === null ? isNull(classroomPresence.learnerId) : eq(classroomPresence.learnerId, key.learnerId),
      ),
    );
  if (presence?.state === "removed") throw new AppError("forbidden", CLASSROOM_MESSAGES.removedFromClass);
  if (presence?.state !== "admitted") throw new AppError("forbidden", CLASSROOM_MESSAGES.notInClassroom);
  return { access, room, key };
}

const isAuthor = (row: { authorId: number | null; authorLearnerId: number | null }, key: { userId: number; learnerId: number | null }) =>
  row.authorId === key.userId && row.authorLearnerId === key.learnerId;

/**
 * A message to everyone in the room. Refused (nothing written): not in the room (403), empty or over
 * 500 characters (400), more than 20 a minute (429). The answer says whether contact details were
 * taken out, as the family's message form does.
 */
export async function postClassroomChat(
  actor: ClassroomPerson | null,
  sectionId: number,
  input: unknown,
  now = new Date(),
): Promise<{ message: ChatLine; isMasked: boolean }> {
  const { body } = parseInput(classroomChatInput, input);
  const { access, room, key } = await inTheRoom(actor, sectionId, now);
  const author = await displayNameOf(access, actor!);
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    const ownMessages = and(
      eq(classroomChatMessages.roomId, room.id),
      eq(classroomChatMessages.authorId, key.userId),
      key.learnerId === null ? isNull(classroomChatMessages.authorLearnerId) : eq(classroomChatMessages.authorLearnerId, key.learnerId),
    );
    const [recent] = await tx
      .select({ n: count() })
      .from(classroomChatMessages)
      .where(and(ownMessages, gte(classroomChatMessages.createdAt, new Date(now.getTime() - 60_000))));
    if ((recent?.n ?? 0) >= MESSAGES_PER_MINUTE)
      throw new AppError("rate-limited", CLASSROOM_MESSAGES.chatTooFast, { retryAfterSeconds: 60 });
    const earlier = await tx
      .select({ body: classroomChatMessages.body, originalBody: classroomChatMessages.originalBody })
      .from(classroomChatMessages)
      .where(and(ownMessages, gte(classroomChatMessages.createdAt, new Date(now.getTime() - SPLIT_NUMBER_WINDOW_MINUTES * 60_000))))
      .orderBy(desc(classroomChatMessages.id))
      .limit(SPLIT_NUMBER_MESSAGES);
    const screened = await screenShared(tx, body, { recentTexts: earlier.reverse().map((m) => m.originalBody ?? m.body) });
    const [inserted] = await tx
      .insert(classroomChatMessages)
      .values({
        roomId: room.id,
        authorId: key.userId,
        authorLearnerId: key.learnerId,
        authorRole: access.role,
        authorName: author,
        body: screened.text.slice(0, STORED_BODY_MAX),
        originalBody: screened.isFlagged ? body : null,
        flagged: screened.isFlagged,
        flagReasons: screened.reasons,
        createdAt: now,
      })
      .returning();
    return { ...inserted!, isMasked: screened.isMasked };
  });
  return {
    message: { id: row.id, author: row.authorName, role: row.authorRole, body: row.body, at: row.createdAt.toISOString(), mine: true },
    isMasked: row.isMasked,
  };
}

/** The room's messages after `after` (the last id the page has), oldest first, as the room reads them. */
export async function readClassroomChat(
  actor: ClassroomPerson | null,
  sectionId: number,
  input: unknown,
  now = new Date(),
): Promise<ChatLine[]> {
  const { after } = parseInput(classroomChatReadInput, input);
  const { room, key } = await inTheRoom(actor, sectionId, now);
  const db = await getDb();
  const rows = await db
    .select()
    .from(classroomChatMessages)
    .where(and(eq(classroomChatMessages.roomId, room.id), gt(classroomChatMessages.id, after)))
    .orderBy(asc(classroomChatMessages.id))
    .limit(READ_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    author: r.authorName,
    role: r.authorRole,
    body: r.body,
    at: r.createdAt.toISOString(),
    mine: isAuthor(r, key),
  }));
}

/** A message of a session's chat read afterwards; support and admins also see what was typed when the screen flagged it. */
export interface TranscriptLine extends Omit<ChatLine, "mine"> {
  /** Support and admins only (false for the teacher): the screen flagged it for support. */
  flagged: boolean;
  reasons: string[];
  /** Support and admins only: what was typed (null when the screen did not flag it). */
  original: string | null;
}

const STAFF_ROLES: readonly string[] = ["support", "admin"];

/**
 * One session's chat afterwards (or during it), for the section's teacher, support and admins;
 * anyone else is refused with the same message whether the section exists or not.
 */
export async function sessionChatTranscript(actor: Actor | null, input: unknown): Promise<TranscriptLine[]> {
  if (!actor) throw new AppError("unauthenticated", "Please sign in first.");
  const { sectionId, sessionStartsAt } = parseInput(classroomChatTranscriptInput, input);
  const db = await getDb();
  const [section] = await db.select({ teacherId: sections.teacherId }).from(sections).where(eq(sections.id, sectionId));
  const isStaff = STAFF_ROLES.includes(actor.role);
  if (!section || (section.teacherId !== actor.id && !isStaff)) throw new AppError("forbidden", CLASSROOM_MESSAGES.chatNotYours);
  const rows = await db
    .select({ message: classroomChatMessages })
    .from(classroomChatMessages)
    .innerJoin(classroomRooms, eq(classroomRooms.id, classroomChatMessages.roomId))
    .where(and(eq(classroomRooms.sectionId, sectionId), eq(classroomRooms.sessionStartsAt, new Date(sessionStartsAt))))
    .orderBy(asc(classroomChatMessages.id));
  return rows.map(({ message: r }) => ({
    id: r.id,
    author: r.authorName,
    role: r.authorRole,
    body: r.body,
    at: r.createdAt.toISOString(),
    flagged: isStaff && r.flagged,
    reasons: isStaff ? r.flagReasons : [],
    original: isStaff ? r.originalBody : null,
  }));
}
