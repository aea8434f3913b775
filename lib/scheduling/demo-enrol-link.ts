import "server-only";

import { createHmac, timingSafeEqual } from "node:crypto";

import { identityConfig } from "@/lib/platform/auth/config";
import { brand } from "@/lib/platform/brand";

/**
 * The one-click "Enrol <child> in <section>" link of a demo's outcome: /enrol/<booking id>.<mac>,
 * signed with the session secret, so it names the recommendation without carrying the demo's own
 * token (its status page's key), the parent's email or anything else about the family. It is a
 * key, listed in lib/platform/security/bearer-urls.ts. It follows the outcome as it is when
 * clicked (a corrected recommendation, a section that closed since).
 */
function mac(bookingId: string): string | null {
  const secret = identityConfig.sessionSecret;
  return secret ? createHmac("sha256", secret).update(`demo-enrol:${bookingId}`).digest("base64url") : null;
}

export function signEnrolToken(bookingId: string): string | null {
  const signature = mac(bookingId);
  return signature ? `${bookingId}.${signature}` : null;
}

/** The link, or null when no secret is configured (the email then links to the course page). */
export function enrolUrl(bookingId: string): string | null {
  const token = signEnrolToken(bookingId);
  return token ? `${brand.siteUrl}/enrol/${token}` : null;
}

/** The booking id a valid token names; null for anything else. */
export function verifyEnrolToken(token: unknown): string | null {
  if (typeof token !== "string" || token.length > 120) return null;
  const match = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, bookingId = "", given = ""] = match;
  const expected = mac(bookingId);
  if (!expected) return null;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b) ? bookingId : null;
}
