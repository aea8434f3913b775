import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";

import { identityConfig } from "@/lib/platform/auth/config";

/**
 * A child's session (signed in with the username and password or pictures their parent set): its
 * own cookie, apart from next-auth's, holding the child's id and the sign-in's version, signed with
 * a key derived from the session secret for this use only (so neither cookie can pass for the other).
 * Short-lived on purpose: a shared family computer forgets the child within the hour.
 */
export const LEARNER_COOKIE = "learner_session";
export const LEARNER_SESSION_SECONDS = 60 * 60;

export interface LearnerCookie {
  learnerId: number;
  /** learner_sign_ins.session_version when it was issued: a reset raises it, ending this session. */
  version: number;
  expiresAt: number;
}

const keys = new Map<string, Buffer>();

function keyFor(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", secret, "", "learner-session-cookie", 32));
    keys.set(secret, key);
  }
  return key;
}

function signature(payload: string, secret: string): Buffer {
  return createHmac("sha256", keyFor(secret)).update(payload).digest();
}

export function encodeLearnerCookie(
  session: { learnerId: number; version: number },
  now = Date.now(),
  secret = identityConfig.sessionSecret,
): string {
  if (!secret) throw new Error("no session secret: a child's session cannot be signed");
  const payload = Buffer.from(
    JSON.stringify({ l: session.learnerId, v: session.version, e: Math.floor(now / 1000) + LEARNER_SESSION_SECONDS }),
  ).toString("base64url");
  return `${payload}.${signature(payload, secret).toString("base64url")}`;
}

/** The session a cookie value carries, or null: unsigned, forged, malformed or expired. */
export function decodeLearnerCookie(
  value: string | undefined | null,
  now = Date.now(),
  secret = identityConfig.sessionSecret,
): LearnerCookie | null {
  if (!value || !secret || value.length > 400) return null;
  const [payload, sig] = value.split(".");
  if (!payload || !sig) return null;
  const expected = signature(payload, secret);
  const given = Buffer.from(sig, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const data = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { l?: unknown; v?: unknown; e?: unknown };
    if (!Number.isSafeInteger(data.l) || !Number.isSafeInteger(data.v) || typeof data.e !== "number") return null;
    if (data.e * 1000 <= now) return null;
    return { learnerId: data.l as number, version: data.v as number, expiresAt: data.e * 1000 };
  } catch {
    return null;
  }
}

/**
 * The child's session of this request, from its cookie alone (no database): what the guards of
 * the parent's pages, routes and actions ask. Outside a request (scripts, a route server without
 * Next's request scope) there is none.
 */
export async function readLearnerCookie(): Promise<LearnerCookie | null> {
  const { cookies } = await import("next/headers");
  let store: Awaited<ReturnType<typeof cookies>>;
  try {
    store = await cookies();
  } catch (error) {
    // Next's own signals (a page being prerendered becomes dynamic here) must go through.
    if (error instanceof Error && /outside a request scope/i.test(error.message)) return null;
    throw error;
  }
  return decodeLearnerCookie(store.get(LEARNER_COOKIE)?.value);
}

/** What a child's session is told by every money, cart, wallet, settings and parent-only action. */
export const LEARNER_REFUSED = "This is for grown-ups. Ask your parent to sign in.";
