import "server-only";

import { randomBytes } from "node:crypto";

import { and, asc, eq, inArray, isNull, type SQL } from "drizzle-orm";

import { getDb } from "@/lib/platform/db/client";
import { bookings, classroomPresence, classroomRooms, learners } from "@/lib/platform/db/schema";
import { AppError } from "@/lib/platform/errors";
import { parseInput } from "@/lib/platform/http/responses";

import {
  classroomAccess,
  displayNameOf,
  presenceKeyOf,
  type ClassroomAccess,
  type ClassroomPerson,
  type ClassroomRole,
} from "./classroom-access";
import { ensureRoom, listParticipants, mediaServer, participantId, roomRequests, signedJanusToken, type MediaServer } from "./media-server";
import { iceServersFor, type IceServer } from "./turn";
import { CLASSROOM_MESSAGES, classroomControlInput, type ClassroomControlInput } from "./schema";

/** A heartbeat from inside the room every HEARTBEAT_SECONDS; gaps longer than PRESENT_GAP_SECONDS count as away. */
export const HEARTBEAT_SECONDS = 15;
const PRESENT_GAP_SECONDS = 45;
/** The mids a classroom page publishes in this order (components/classroom/live-classroom.tsx): what the teacher's mute and camera-off name. */
const AUDIO_MID = "0";
const VIDEO_MID = "1";

type Room = typeof classroomRooms.$inferSelect;
type Presence = typeof classroomPresence.$inferSelect;
export type PresenceState = Presence["state"];

/** What the page needs to show or join: only an admitted person gets the room's tokens. */
export type ClassroomEntry =
  | { kind: "outside"; url: string; reason: Extract<ClassroomAccess["where"], { kind: "outside" }>["reason"] }
  | {
      kind: "classroom";
      role: ClassroomRole;
      state: PresenceState;
      display: string;
      courseTitle: string;
      startsAt: string;
      endsAt: string;
      closesAt: string;
      locked: boolean;
      /**
       * For an admitted person only: the room, their id in it, their room token and the media server
       * token (expires at closesAt), and the TURN servers with their own credential (lib/classroom/turn.ts).
       */
      media?: { room: string; participantId: string; roomToken: string; janusToken: string; iceServers: IceServer[] };
    };

const requireServer = (): MediaServer => {
  const server = mediaServer();
  if (!server) throw new AppError("unavailable", "The classroom's media server is not running.");
  return server;
};

/** The room row of the session (made at the first entry). */
export async function roomOf(access: ClassroomAccess): Promise<Room> {
  const db = await getDb();
  const key = { sectionId: access.section.id, sessionStartsAt: new Date(access.session.startsAt) };
  await db.insert(classroomRooms).values(key).onConflictDoNothing();
  const [room] = await db
    .select()
    .from(classroomRooms)
    .where(and(eq(classroomRooms.sectionId, key.sectionId), eq(classroomRooms.sessionStartsAt, key.sessionStartsAt)));
  return room!;
}

async function admittedTokens(roomId: number): Promise<string[]> {
  const db = await getDb();
  const rows = await db
    .select({ token: classroomPresence.token })
    .from(classroomPresence)
    .where(and(eq(classroomPresence.roomId, roomId), eq(classroomPresence.state, "admitted")));
  return rows.map((r) => r.token);
}

/** A person's own presence row: a grown-up's (no child) or a child's own session's. */
const ownPresence = (key: { userId: number; learnerId: number | null }): SQL[] => [
  eq(classroomPresence.userId, key.userId),
  key.learnerId === null ? isNull(classroomPresence.learnerId) : eq(classroomPresence.learnerId, key.learnerId),
];

/** Who a participant in the media server's room is: the family user, or the child on their own (their own id in the room). */
const participantKey = (key: { userId: number; learnerId: number | null }): number | string =>
  key.learnerId === null ? key.userId : `learner:${key.learnerId}`;

/** Makes the media server's room match the database: created if missing (a restart of the media server too), its allowed list exactly the admitted. */
async function syncRoom(access: ClassroomAccess, room: Room): Promise<void> {
  await ensureRoom(requireServer(), {
    room: access.room,
    description: access.section.courseTitle,
    allowed: await admittedTokens(room.id),
    publishers: access.section.capacity + 6,
  });
}

function ensureOpen(access: ClassroomAccess, room: Room, now: Date): void {
  if (room.endedAt || now.getTime() >= new Date(access.closesAt).getTime()) throw new AppError("conflict", CLASSROOM_MESSAGES.classEnded);
}

/**
 * Comes into (or back to) a session's classroom: its teacher and observers go straight in; a family
 * waits until the teacher admits it (or "admit everyone" was pressed and the room is not locked). A
 * family the teacher removed stays out for this session. Idempotent: the waiting page asks again.
 */
export async function enterClassroom(actor: ClassroomPerson | null, sectionId: number, now = new Date()): Promise<ClassroomEntry> {
  const access = await classroomAccess(actor, sectionId, now);
  const key = presenceKeyOf(actor!);
  if (access.where.kind === "outside") return { kind: "outside", url: access.where.url, reason: access.where.reason };
  const room = await roomOf(access);
  ensureOpen(access, room, now);
  const db = await getDb();
  const straightIn = access.role !== "learner" || (room.admitAll && !room.lockedAt);
  await db
    .insert(classroomPresence)
    .values({
      roomId: room.id,
      ...key,
      role: access.role,
      state: straightIn ? "admitted" : "waiting",
      token: randomBytes(16).toString("hex"),
    })
    .onConflictDoNothing();
  let [presence] = await db
    .select()
    .from(classroomPresence)
    .where(and(eq(classroomPresence.roomId, room.id), ...ownPresence(key)));
  if (presence!.state === "removed") throw new AppError("forbidden", CLASSROOM_MESSAGES.removedFromClass);
  // "Admit everyone" pressed while this family was already waiting.
  if (presence!.state === "waiting" && straightIn) {
    [presence] = await db.update(classroomPresence).set({ state: "admitted" }).where(eq(classroomPresence.id, presence!.id)).returning();
  }
  const base = {
    kind: "classroom" as const,
    role: access.role,
    state: presence!.state,
    display: await displayNameOf(access, actor!),
    courseTitle: access.section.courseTitle,
    startsAt: access.session.startsAt,
    endsAt: access.session.endsAt,
    closesAt: access.closesAt,
    locked: Boolean(room.lockedAt),
  };
  if (presence!.state !== "admitted") return base;
  await syncRoom(access, room);
  const server = requireServer();
  const id = participantId(access.room, participantKey(key));
  return {
    ...base,
    media: {
      room: access.room,
      participantId: id,
      roomToken: presence!.token,
      janusToken: signedJanusToken(server, new Date(access.closesAt)),
      iceServers: iceServersFor(id, new Date(access.closesAt)),
    },
  };
}

export interface RosterEntry {
  userId: number;
  /** The children of the family (or the staff member's name). */
  name: string;
  role: ClassroomRole;
  /** waiting: asked to come in; in: in the room now; left: was in, not now; absent: never came; removed. */
  status: "waiting" | "in" | "left" | "absent" | "removed";
  firstJoinedAt: string | null;
  minutesPresent: number;
}

/** The earliest first join of a family's presences (the parent's and a child's own). */
const firstJoinOf = (rows: Array<{ firstJoinedAt: Date | null }>): Date | null =>
  rows.reduce<Date | null>((first, r) => (r.firstJoinedAt && (!first || r.firstJoinedAt < first) ? r.firstJoinedAt : first), null);

const isIn = (p: Presence, now: Date) =>
  p.state === "admitted" && p.lastSeenAt != null && now.getTime() - p.lastSeenAt.getTime() < PRESENT_GAP_SECONDS * 1000;

/** The teacher's (and an observer's) view of the roster: each seated family, and anyone else who came. */
export async function classroomRoster(actor: ClassroomPerson | null, sectionId: number, now = new Date()): Promise<RosterEntry[]> {
  const access = await classroomAccess(actor, sectionId, now);
  if (access.role === "learner") throw new AppError("forbidden", CLASSROOM_MESSAGES.teacherOnly);
  const room = await roomOf(access);
  const db = await getDb();
  const [seats, presences] = await Promise.all([
    db
      .select({ parentId: learners.parentId, firstName: learners.firstName })
      .from(bookings)
      .innerJoin(learners, eq(learners.id, bookings.learnerId))
      .where(and(eq(bookings.sectionId, sectionId), eq(bookings.kind, "seat"), eq(bookings.status, "confirmed")))
      .orderBy(asc(learners.firstName)),
    db.select().from(classroomPresence).where(eq(classroomPresence.roomId, room.id)),
  ]);
  const families = new Map<number, string[]>();
  for (const seat of seats) families.set(seat.parentId, [...(families.get(seat.parentId) ?? []), seat.firstName]);
  // A family may be in the room twice (the parent's account and a child's own session): its line shows the one furthest in.
  const rank = (p: Presence) => (p.state === "removed" ? 4 : isIn(p, now) ? 3 : p.state === "waiting" ? 2 : p.firstJoinedAt ? 1 : 0);
  const byUser = new Map<number, Presence>();
  for (const p of presences) {
    const seen = byUser.get(p.userId);
    if (!seen || rank(p) > rank(seen)) byUser.set(p.userId, p);
  }
  const statusOf = (p: Presence | undefined): RosterEntry["status"] =>
    !p
      ? "absent"
      : p.state === "removed"
        ? "removed"
        : p.state === "waiting"
          ? "waiting"
          : isIn(p, now)
            ? "in"
            : p.firstJoinedAt
              ? "left"
              : "absent";
  const line = (userId: number, name: string, role: ClassroomRole): RosterEntry => {
    const p = byUser.get(userId);
    return {
      userId,
      name,
      role,
      status: statusOf(p),
      firstJoinedAt: firstJoinOf(presences.filter((q) => q.userId === userId))?.toISOString() ?? null,
      minutesPresent: Math.round(Math.max(0, ...presences.filter((q) => q.userId === userId).map((q) => q.secondsPresent)) / 60),
    };
  };
  const observers = presences.filter((p) => p.role === "observer");
  return [
    ...[...families].map(([userId, names]) => line(userId, names.join(" & "), "learner")),
    ...observers.map((p) => line(p.userId, "Observer", "observer")),
  ];
}

/**
 * A heartbeat from inside the room: the join log (first join, seconds present) grows, and the answer
 * says whether the person may stay (a removal or the end of the class makes the page leave).
 */
export async function classroomHeartbeat(
  actor: ClassroomPerson | null,
  sectionId: number,
  now = new Date(),
): Promise<{ state: PresenceState | "ended"; observers: string[]; muted?: { audio: boolean; video: boolean } }> {
  const access = await classroomAccess(actor, sectionId, now);
  const room = await roomOf(access);
  if (room.endedAt || now.getTime() >= new Date(access.closesAt).getTime()) return { state: "ended", observers: [] };
  const db = await getDb();
  const presences = await db.select().from(classroomPresence).where(eq(classroomPresence.roomId, room.id));
  const key = presenceKeyOf(actor!);
  const presence = presences.find((p) => p.userId === key.userId && p.learnerId === key.learnerId);
  if (!presence) throw new AppError("conflict", CLASSROOM_MESSAGES.notInClassroom);
  if (presence.state !== "admitted") return { state: presence.state, observers: [] };
  const gap = presence.lastSeenAt ? (now.getTime() - presence.lastSeenAt.getTime()) / 1000 : Infinity;
  await db
    .update(classroomPresence)
    .set({
      firstJoinedAt: presence.firstJoinedAt ?? now,
      lastSeenAt: now,
      secondsPresent: presence.secondsPresent + (gap > 0 && gap <= PRESENT_GAP_SECONDS ? Math.round(gap) : 0),
    })
    .where(eq(classroomPresence.id, presence.id));
  // Staff watching are announced to everyone in the room.
  const observers = presences.filter((p) => p.role === "observer" && p.id !== presence.id && isIn(p, now));
  return {
    state: "admitted",
    observers: observers.map(() => "Staff observer"),
    muted: { audio: presence.audioMutedAt !== null, video: presence.videoMutedAt !== null },
  };
}

/** The teacher's controls, each enforced on the media server with the room's secret (the browser never has it). */
export async function classroomControl(
  actor: ClassroomPerson | null,
  sectionId: number,
  input: ClassroomControlInput,
  now = new Date(),
): Promise<{ ok: true }> {
  const data = parseInput(classroomControlInput, input);
  const access = await classroomAccess(actor, sectionId, now);
  if (access.role !== "teacher") throw new AppError("forbidden", CLASSROOM_MESSAGES.teacherOnly);
  const room = await roomOf(access);
  ensureOpen(access, room, now);
  const server = requireServer();
  const db = await getDb();
  // A family's presences: the parent's account and any child's own session, moderated together.
  const presenceOf = async (userId: number) => {
    const rows = await db
      .select()
      .from(classroomPresence)
      .where(and(eq(classroomPresence.roomId, room.id), eq(classroomPresence.userId, userId), eq(classroomPresence.role, "learner")));
    if (!rows.length) throw new AppError("invalid", CLASSROOM_MESSAGES.personNotInClassroom);
    return {
      ids: rows.map((r) => r.id),
      state: rows.some((r) => r.state === "removed") ? "removed" : rows[0]!.state,
      participants: rows.map((r) => participantId(access.room, participantKey(r))),
    };
  };
  const learnersInRoom = async () => {
    const inRoom = new Set((await listParticipants(server, access.room)).filter((p) => p.publisher).map((p) => p.id));
    const rows = await db
      .select({ userId: classroomPresence.userId, learnerId: classroomPresence.learnerId })
      .from(classroomPresence)
      .where(and(eq(classroomPresence.roomId, room.id), eq(classroomPresence.role, "learner"), eq(classroomPresence.state, "admitted")));
    return rows.map((r) => participantId(access.room, participantKey(r))).filter((id) => inRoom.has(id));
  };
  const moderate = (ids: string[], mid: string) =>
    roomRequests(
      server,
      access.room,
      ids.map((id) => ({ request: "moderate", id, mid, mute: true })),
    );
  switch (data.action) {
    case "admit": {
      const p = await presenceOf(data.userId);
      if (p.state === "removed") throw new AppError("conflict", CLASSROOM_MESSAGES.removedFromClass);
      await db.update(classroomPresence).set({ state: "admitted" }).where(inArray(classroomPresence.id, p.ids));
      await syncRoom(access, room);
      break;
    }
    case "admit-all":
      await db.update(classroomRooms).set({ admitAll: true }).where(eq(classroomRooms.id, room.id));
      await db
        .update(classroomPresence)
        .set({ state: "admitted" })
        .where(and(eq(classroomPresence.roomId, room.id), eq(classroomPresence.state, "waiting")));
      await syncRoom(access, room);
      break;
    case "remove": {
      const p = await presenceOf(data.userId);
      await db.update(classroomPresence).set({ state: "removed" }).where(inArray(classroomPresence.id, p.ids));
      // Off the allowed list first, so the kicked page cannot join again with its token.
      await syncRoom(access, room);
      await roomRequests(
        server,
        access.room,
        p.participants.map((id) => ({ request: "kick", id })),
      );
      break;
    }
    case "mute": {
      const p = await presenceOf(data.userId);
      await db.update(classroomPresence).set({ audioMutedAt: now }).where(inArray(classroomPresence.id, p.ids));
      await moderate(p.participants, AUDIO_MID);
      break;
    }
    case "camera-off": {
      const p = await presenceOf(data.userId);
      await db.update(classroomPresence).set({ videoMutedAt: now }).where(inArray(classroomPresence.id, p.ids));
      await moderate(p.participants, VIDEO_MID);
      break;
    }
    case "mute-all":
      await db
        .update(classroomPresence)
        .set({ audioMutedAt: now })
        .where(and(eq(classroomPresence.roomId, room.id), eq(classroomPresence.role, "learner"), eq(classroomPresence.state, "admitted")));
      await moderate(await learnersInRoom(), AUDIO_MID);
      break;
    case "lock":
      await db
        .update(classroomRooms)
        .set({ lockedAt: data.locked ? now : null, ...(data.locked ? { admitAll: false } : {}) })
        .where(eq(classroomRooms.id, room.id));
      break;
    case "end":
      await db.update(classroomRooms).set({ endedAt: now }).where(eq(classroomRooms.id, room.id));
      // Destroying the room ends every connection in it; nobody gets a token for it again (ensureOpen).
      await roomRequests(server, access.room, [{ request: "destroy" }]);
      break;
  }
  return { ok: true };
}

export interface JoinLogLine {
  firstJoinedAt: string;
  minutesPresent: number;
}

/** The join log of one session by family (parent user id): what pre-fills the teacher's attendance form. */
export async function sessionJoinLog(sectionId: number, sessionStartsAt: Date, parentIds: number[]): Promise<Map<number, JoinLogLine>> {
  if (!parentIds.length) return new Map();
  const db = await getDb();
  const rows = await db
    .select({
      userId: classroomPresence.userId,
      firstJoinedAt: classroomPresence.firstJoinedAt,
      secondsPresent: classroomPresence.secondsPresent,
    })
    .from(classroomPresence)
    .innerJoin(classroomRooms, eq(classroomRooms.id, classroomPresence.roomId))
    .where(
      and(
        eq(classroomRooms.sectionId, sectionId),
        eq(classroomRooms.sessionStartsAt, sessionStartsAt),
        eq(classroomPresence.role, "learner"),
        inArray(classroomPresence.userId, parentIds),
      ),
    );
  // A family in the room twice (the parent's account and a child's own session): the earliest join, the longest stay.
  const log = new Map<number, JoinLogLine>();
  for (const r of rows) {
    if (!r.firstJoinedAt) continue;
    const seen = log.get(r.userId);
    const line = { firstJoinedAt: r.firstJoinedAt.toISOString(), minutesPresent: Math.round(r.secondsPresent / 60) };
    log.set(
      r.userId,
      seen
        ? {
            firstJoinedAt: seen.firstJoinedAt < line.firstJoinedAt ? seen.firstJoinedAt : line.firstJoinedAt,
            minutesPresent: Math.max(seen.minutesPresent, line.minutesPresent),
          }
        : line,
    );
  }
  return log;
}
