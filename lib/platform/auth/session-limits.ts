import type { JWT } from "next-auth/jwt";

import type { Role } from "@/lib/platform/auth/roles";

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export interface SessionLimits {
  /** A session ends this long after its sign-in, however much it is used (ASVS 3.3.2). */
  absoluteMs: number;
  /** A session unused for this long ends (ASVS 3.3.2). */
  idleMs: number;
}

/**
 * The one table of how long a session lasts, by role (issue 26 finding 5). Staff see every family's
 * data, so theirs is a working day with a short idle limit; a teacher's idle limit spans a class
 * taught without touching the site; a family's is the 30 days a parent expects.
 */
export const SESSION_LIMITS: Record<Role, SessionLimits> = {
  student: { absoluteMs: 30 * DAY_MS, idleMs: 30 * DAY_MS },
  teacher: { absoluteMs: 12 * HOUR_MS, idleMs: 2 * HOUR_MS },
  support: { absoluteMs: 12 * HOUR_MS, idleMs: 30 * MINUTE_MS },
  admin: { absoluteMs: 12 * HOUR_MS, idleMs: 30 * MINUTE_MS },
};

/** The longest any session lives: the cookie's own lifetime (next-auth's maxAge). */
export const LONGEST_SESSION_MS = Math.max(...Object.values(SESSION_LIMITS).map((l) => l.absoluteMs));

/** A session's activity is written back to its cookie at most this often (proxy.ts), not on every request. */
export const SESSION_ACTIVITY_STEP_MS = MINUTE_MS;

/**
 * Why a session has ended by its age, or null while it lasts: its absolute age or its idle time,
 * by the limits of the role it carries. A token without a sign-in time predates the rule and is
 * over; one without an activity time counts from its sign-in.
 */
export function endedByAge(token: JWT, nowMs: number): "session expired" | "session idle" | null {
  if (!token.user) return null;
  const limits = SESSION_LIMITS[token.user.role] ?? SESSION_LIMITS.admin;
  const issuedAtMs = token.issuedAtMs ?? 0;
  if (nowMs - issuedAtMs > limits.absoluteMs) return "session expired";
  if (nowMs - (token.lastSeenMs ?? issuedAtMs) > limits.idleMs) return "session idle";
  return null;
}
