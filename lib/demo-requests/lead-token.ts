import "server-only";

import { createHmac, timingSafeEqual } from "node:crypto";

import { identityConfig } from "@/lib/platform/auth/config";
import { AppError } from "@/lib/platform/errors";

/** How long a family may pick a time after sending the form (issue: the time picker follows the form). */
export const LEAD_TOKEN_TTL_SECONDS = 60 * 60;
/** The acknowledgement email's "Pick a time" link: the family may come back to it days later. */
export const LEAD_EMAIL_TOKEN_TTL_SECONDS = 14 * 24 * 60 * 60;

export const LEAD_TOKEN_MESSAGE = "This booking link has expired. Please send the form again, or wait for our call.";

function signature(payload: string): string | null {
  const secret = identityConfig.sessionSecret;
  return secret ? createHmac("sha256", secret).update(`lead-booking:${payload}`).digest("base64url") : null;
}

/**
 * A short-lived proof that the caller made this lead: POST /api/book-free-demo returns it, and the
 * time picker's actions accept only it, so a signed-out family can book for its own lead and
 * nobody can book for (or list the course of) another's.
 */
export function signLeadToken(leadId: string, now = new Date(), ttlSeconds = LEAD_TOKEN_TTL_SECONDS): string | undefined {
  const expires = Math.floor(now.getTime() / 1000) + ttlSeconds;
  const payload = `${leadId}.${expires}`;
  const mac = signature(payload);
  // No secret configured (a bare process outside the app's start scripts): the lead is already
  // stored, so answer without a token (no time picker, the team calls back) rather than fail.
  return mac ? `${payload}.${mac}` : undefined;
}

/** The lead id of a valid, unexpired token; an AppError (403) for anything else. */
export function verifyLeadToken(token: unknown, now = new Date()): string {
  const refused = new AppError("forbidden", LEAD_TOKEN_MESSAGE);
  if (typeof token !== "string" || token.length > 200) throw refused;
  const parts = token.split(".");
  if (parts.length !== 3) throw refused;
  const [leadId = "", expires = "", mac = ""] = parts;
  const expectedMac = signature(`${leadId}.${expires}`);
  if (!expectedMac) throw refused;
  const expected = Buffer.from(expectedMac);
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw refused;
  if (!/^\d+$/.test(expires) || Number(expires) * 1000 <= now.getTime()) throw refused;
  return leadId;
}

/** The page where a family picks a time for its request later (the acknowledgement email links to it). */
export const pickTimePath = (token: string) => `/book-free-demo/pick-a-time/${encodeURIComponent(token)}`;
