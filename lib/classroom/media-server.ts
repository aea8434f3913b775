import "server-only";

import { createHash, createHmac } from "node:crypto";

import { env } from "@/lib/platform/env";
import { AppError } from "@/lib/platform/errors";

/** A media server (Janus with the videoroom plugin) and the secrets only the app holds. */
export interface MediaServer {
  url: string;
  tokenSecret: string;
  adminKey: string;
}

let configured: MediaServer | null | undefined;

/** The media server scripts/start.mjs started (JANUS_*), or null: classes then use the outside link. */
export function mediaServer(): MediaServer | null {
  if (configured !== undefined) return configured;
  return env.JANUS_URL && env.JANUS_TOKEN_SECRET && env.JANUS_ADMIN_KEY
    ? { url: env.JANUS_URL.replace(/\/+$/, ""), tokenSecret: env.JANUS_TOKEN_SECRET, adminKey: env.JANUS_ADMIN_KEY }
    : null;
}

/** Tests start their own Janus (scripts/janus.mjs) and point the app at it; undefined goes back to env. */
export function useMediaServer(server: MediaServer | null | undefined): void {
  configured = server;
}

/** Do sections without their own link meet in our classroom (the default), rather than on an outside link? */
export function inProductClassroom(): boolean {
  return env.CLASSROOM_MODE === "in-product" && mediaServer() !== null;
}

export const MEDIA_MESSAGES = {
  unavailable: "The classroom's media server is not answering. Try again in a moment.",
  passRefused: "Your pass for this class is not valid or has expired. Reload the class page to get a new one.",
} as const;

/**
 * A Janus signed token (token_auth_secret): "expiry,janus,janus.plugin.videoroom:HMAC-SHA1". Janus
 * refuses every request of a session whose token has expired or was not signed with our secret.
 */
export function signedJanusToken(server: MediaServer, expiresAt: Date): string {
  const data = `${Math.floor(expiresAt.getTime() / 1000)},janus,janus.plugin.videoroom`;
  return `${data}:${createHmac("sha1", server.tokenSecret).update(data).digest("base64")}`;
}

/** The room's secret (for kick, moderate, allowed, destroy): derived from the admin key, never stored nor sent to a browser. */
export function roomSecret(server: MediaServer, room: string): string {
  return createHmac("sha256", server.adminKey).update(`room-secret:${room}`).digest("hex");
}

/** A person's id in a room: derived from who they are, so a kick names them and a second tab replaces no one. */
export function participantId(room: string, who: number | string): string {
  return createHash("sha256").update(`${room}:${who}`).digest("hex").slice(0, 20);
}

interface JanusReply {
  janus: string;
  data?: { id: number };
  plugindata?: { data: Record<string, unknown> };
  error?: { code: number; reason: string };
}

const TIMEOUT_MS = 4000;

async function call(server: MediaServer, path: string, body: Record<string, unknown>): Promise<JanusReply> {
  const transaction = Math.random().toString(36).slice(2);
  let response: Response;
  try {
    response = await fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ...body, transaction, token: signedJanusToken(server, new Date(Date.now() + 60_000)) }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (cause) {
    // A media server that is down or slow: a 503 the page can show, never a 500.
    throw Object.assign(new AppError("unavailable", MEDIA_MESSAGES.unavailable, { retryAfterSeconds: 5 }), { cause });
  }
  const reply = (await response.json().catch(() => ({ janus: "error" }))) as JanusReply;
  if (reply.janus === "error") throw new AppError("unavailable", MEDIA_MESSAGES.unavailable, { retryAfterSeconds: 5 });
  return reply;
}

/**
 * Sends videoroom requests (synchronous ones: create, exists, allowed, kick, moderate, destroy) on a
 * short-lived Janus session of the app's own, and returns each plugin reply.
 */
export async function videoroomRequests(server: MediaServer, requests: Record<string, unknown>[]): Promise<Record<string, unknown>[]> {
  const session = await call(server, "", { janus: "create" });
  const sessionId = session.data!.id;
  try {
    const handle = await call(server, `/${sessionId}`, { janus: "attach", plugin: "janus.plugin.videoroom" });
    const handleId = handle.data!.id;
    const replies: Record<string, unknown>[] = [];
    for (const request of requests) {
      const reply = await call(server, `/${sessionId}/${handleId}`, { janus: "message", body: request });
      replies.push(reply.plugindata?.data ?? {});
    }
    return replies;
  } finally {
    await call(server, `/${sessionId}`, { janus: "destroy" }).catch(() => undefined);
  }
}

export interface RoomSpec {
  room: string;
  description: string;
  /** The tokens that may join now (Janus checks each join against this list). */
  allowed: string[];
  publishers: number;
}

/**
 * The session's room as the app wants it: created when missing (after a media server restart too),
 * else its allowed list set to exactly `allowed`. Private (not listed), with the app's secret.
 */
export async function ensureRoom(server: MediaServer, spec: RoomSpec): Promise<void> {
  const secret = roomSecret(server, spec.room);
  const [exists] = await videoroomRequests(server, [{ request: "exists", room: spec.room }]);
  if (!exists!.exists) {
    const [created] = await videoroomRequests(server, [
      {
        request: "create",
        room: spec.room,
        admin_key: server.adminKey,
        description: spec.description.slice(0, 100),
        secret,
        is_private: true,
        // A subscriber must name an admitted publisher's private id: nobody outside watches.
        require_pvtid: true,
        allowed: [serviceToken(server, spec.room), ...spec.allowed],
        publishers: spec.publishers,
        notify_joining: true,
        audiolevel_event: false,
        bitrate: 512_000,
        permanent: false,
      },
    ]);
    // Another request made it a moment earlier (427: room exists): fall through to set its list.
    if (created!.videoroom === "created") return;
    if (created!.error_code !== 427) throw new AppError("unavailable", MEDIA_MESSAGES.unavailable);
  }
  await setAllowed(server, spec.room, spec.allowed);
}

/** A token no person holds, always on the list: a room's check never goes off for an empty list. */
const serviceToken = (server: MediaServer, room: string) => `app-${roomSecret(server, room).slice(0, 24)}`;

/**
 * Makes the room's allowed list exactly `allowed` (Janus can only add and remove: each reply names
 * the list as it is, so the stale ones are removed after the new ones are added), and turns the check on.
 */
export async function setAllowed(server: MediaServer, room: string, allowed: string[]): Promise<void> {
  const secret = roomSecret(server, room);
  const wanted = [...new Set([serviceToken(server, room), ...allowed])];
  const [added] = await videoroomRequests(server, [{ request: "allowed", room, secret, action: "add", allowed: wanted }]);
  if (added!.videoroom !== "success") throw new AppError("unavailable", MEDIA_MESSAGES.unavailable);
  const stale = ((added!.allowed as string[] | undefined) ?? []).filter((token) => !wanted.includes(token));
  await videoroomRequests(server, [
    ...(stale.length ? [{ request: "allowed", room, secret, action: "remove", allowed: stale }] : []),
    { request: "allowed", room, secret, action: "enable" },
  ]);
}

/** Runs room-level requests with the room's secret (kick, moderate, edit, destroy); the ones whose participant is gone are fine. */
export async function roomRequests(
  server: MediaServer,
  room: string,
  requests: Record<string, unknown>[],
): Promise<Record<string, unknown>[]> {
  const secret = roomSecret(server, room);
  return videoroomRequests(
    server,
    requests.map((r) => ({ ...r, room, secret })),
  );
}

/** Who is in the room now (the app's participant ids). */
export async function listParticipants(server: MediaServer, room: string): Promise<{ id: string; publisher: boolean }[]> {
  const [reply] = await videoroomRequests(server, [{ request: "listparticipants", room }]);
  return ((reply!.participants as { id: string; publisher: boolean }[] | undefined) ?? []).map((p) => ({
    id: String(p.id),
    publisher: p.publisher,
  }));
}
