import "server-only";

import { createHmac } from "node:crypto";

import { env } from "@/lib/platform/env";

/**
 * A TURN server (Debian's coturn, deploy/turnserver.conf) relays a class's media for families whose
 * network lets no direct or server-reflexive path through (strict firewalls, some school and
 * carrier networks). It is configured with `use-auth-secret`: coturn's REST API credentials, which
 * the app derives from the shared secret for one person until their class closes, so no long-lived
 * TURN password ever reaches a browser and a copied credential dies with its class.
 */
export interface TurnServer {
  /** turn:, turns: (and stun:) URIs, as RTCPeerConnection takes them. */
  urls: string[];
  /** coturn's static-auth-secret. */
  secret: string;
}

/** The browser's half of one person's ICE servers: what RTCPeerConnection's iceServers takes. */
export interface IceServer {
  urls: string[];
  username: string;
  credential: string;
}

let configured: TurnServer | null | undefined;

/** TURN_URLS and TURN_SECRET, or null: the browsers then use host and server-reflexive paths only. */
export function turnServer(): TurnServer | null {
  if (configured !== undefined) return configured;
  return env.TURN_URLS && env.TURN_SECRET ? { urls: env.TURN_URLS, secret: env.TURN_SECRET } : null;
}

/** Tests set a TURN server without the environment; undefined goes back to env. */
export function useTurnServer(server: TurnServer | null | undefined): void {
  configured = server;
}

/**
 * coturn's REST API credential: the username is "<expiry in Unix seconds>:<who>", the password the
 * base64 HMAC-SHA1 of that username under the shared secret. coturn refuses it after the expiry.
 */
export function turnCredential(secret: string, who: string, expiresAt: Date): { username: string; credential: string } {
  const username = `${Math.floor(expiresAt.getTime() / 1000)}:${who}`;
  return { username, credential: createHmac("sha1", secret).update(username).digest("base64") };
}

/** One person's ICE servers for a class that closes at `expiresAt` (none without a TURN server). */
export function iceServersFor(who: string, expiresAt: Date): IceServer[] {
  const server = turnServer();
  if (!server) return [];
  return [{ urls: server.urls, ...turnCredential(server.secret, who, expiresAt) }];
}
