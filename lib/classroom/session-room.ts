import "server-only";

import { createHmac } from "node:crypto";

import { identityConfig } from "@/lib/platform/auth/config";

/** What a session's room is derived from: the section's id and its stored random seed (never shown). */
export interface RoomSeed {
  id: number;
  meetingRoom: string;
}

/**
 * The generated meeting room of one session (issue 26, finding 3): an HMAC of the section, its
 * random seed and the session's start, keyed with the server's session secret. Each session gets
 * its own room, so a link handed out for one session (to a family since withdrawn, or forwarded by
 * someone) opens no later one; without the secret and the seed, nobody can compute a room from the
 * section id. 128 bits in hex, a name every meeting service accepts.
 */
export function sessionRoomName(section: RoomSeed, sessionStartsAt: string, secret = identityConfig.sessionSecret): string {
  // The seed alone (128 random bits in the database) still keeps a room unguessable where no secret is configured.
  const key = `${secret ?? ""}:${section.meetingRoom}`;
  const startsAt = new Date(sessionStartsAt).toISOString();
  return createHmac("sha256", key).update(`meeting-room:${section.id}:${startsAt}`).digest("hex").slice(0, 32);
}
