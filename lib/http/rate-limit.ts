import "server-only";

import { lt, sql } from "drizzle-orm";

import { getDb, type Database } from "@/lib/db/client";
import { rateLimits } from "@/lib/db/schema";
import { env } from "@/lib/env";
import { clientIp } from "@/lib/http/client-ip";
import { errorResponse, jsonMessage } from "@/lib/http/responses";

export interface RateLimitRule {
  /** Prefix of the counter's key; one counter per rule and client address (or other key). */
  name: string;
  limit: number;
  windowSeconds: number;
  /** What the 429 says was too much, when it is not the requests of the visitor's network. */
  refusal?: string;
}

/**
 * Every limit, in one place (issue 6). Fixed windows per client address, counted in the
 * database so they hold across instances (ARCHITECTURE: nothing in process memory).
 */
export const RATE_LIMITS = {
  /**
   * A lead form takes a person half a minute; 10 in 10 minutes leaves room for a family with
   * several children, a typo corrected and a retry or two, and stops a script after 10 rows.
   */
  demoRequest: { name: "demo", limit: 10, windowSeconds: 10 * 60 },
  /** The client sends a few events per page; 2 a second for a minute covers tabs and shared NATs, not a flood. */
  logEvent: { name: "logevent", limit: 120, windowSeconds: 60 },
  /**
   * Each sign-up creates a user at the identity provider and a row here. 20 in 10 minutes leaves
   * room for a family or a classroom signing up together behind one address, and stops a script
   * that makes accounts in bulk.
   */
  signUp: { name: "signup", limit: 20, windowSeconds: 10 * 60 },
  /** Each request sends an email: 10 in 10 minutes covers typos and a lost email, not a mailbox flood from one address. */
  passwordReset: { name: "password-reset", limit: 10, windowSeconds: 10 * 60 },
  /**
   * The same mailbox from anywhere: 3 reset emails in 10 minutes, so many addresses together
   * cannot flood one person either. Unknown emails count the same, so the answer reveals nothing.
   */
  passwordResetPerEmail: {
    name: "password-reset-email",
    limit: 3,
    windowSeconds: 10 * 60,
    refusal: "Too many reset emails have been sent to this address.",
  },
} as const satisfies Record<string, RateLimitRule>;

/** On average one counted request in this many deletes the windows that have ended. */
const PRUNE_ONE_IN = 200;

export interface RateLimitDecision {
  isAllowed: boolean;
  count: number;
  /** Seconds until the current window ends (the Retry-After of a 429). */
  retryAfterSeconds: number;
}

/** Counts one request of `client` against `rule` (one atomic upsert) and says whether it is within the limit. */
export async function hitRateLimit(db: Database, rule: RateLimitRule, client: string, now = new Date()): Promise<RateLimitDecision> {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key: `${rule.name}:${client}`, windowStart, count: 1 })
    .onConflictDoUpdate({ target: [rateLimits.key, rateLimits.windowStart], set: { count: sql`${rateLimits.count} + 1` } })
    .returning({ count: rateLimits.count });
  const count = row?.count ?? 1;
  return {
    isAllowed: count <= rule.limit,
    count,
    retryAfterSeconds: Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000)),
  };
}

/** Deletes counters of windows that started over one longest window ago: they have ended and can refuse no one. */
export async function pruneRateLimits(db: Database, now = new Date()): Promise<void> {
  const longestMs = Math.max(...Object.values(RATE_LIMITS).map((rule) => rule.windowSeconds)) * 1000;
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now.getTime() - longestMs)));
}

/**
 * The route handlers' guard: null when the request may go on, else the answer (429 with
 * Retry-After, or 503 when the database cannot count). Counts per client address unless given
 * another key (an email). RATE_LIMITS=off skips it (tests, load bench).
 */
export async function refuseOverLimit(request: Request, rule: RateLimitRule, key: string = clientAddress(request)): Promise<Response | null> {
  if (env.RATE_LIMITS === "off") return null;
  try {
    const db = await getDb();
    const decision = await hitRateLimit(db, rule, key);
    if (Math.random() * PRUNE_ONE_IN < 1) {
      await pruneRateLimits(db).catch((error: unknown) => console.error("[rate-limit] prune failed:", error));
    }
    if (decision.isAllowed) return null;
    return jsonMessage(429, tooManyMessage(rule, decision.retryAfterSeconds), {}, { "Retry-After": String(decision.retryAfterSeconds) });
  } catch (error) {
    return errorResponse(error, `rate-limit ${rule.name}`);
  }
}

function tooManyMessage(rule: RateLimitRule, seconds: number): string {
  const wait = seconds < 60 ? `${seconds} second${seconds === 1 ? "" : "s"}` : `${Math.ceil(seconds / 60)} minute${seconds > 60 ? "s" : ""}`;
  return `${rule.refusal ?? "Too many requests from your network."} Please try again in ${wait}.`;
}

/**
 * The client's address as the limits key it: clientIp() (lib/http/client-ip.ts, which says what
 * can be trusted and when), with IPv6 addresses counted per /64, the block one subscriber gets.
 */
export function clientAddress(request: Request, trustedProxies?: readonly string[]): string {
  const address = clientIp(request.headers, trustedProxies);
  return address ? normaliseAddress(address) : "unknown";
}

function normaliseAddress(address: string): string {
  const value = address.toLowerCase().replace(/^\[|\](:\d+)?$/g, "").slice(0, 64);
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(value);
  if (mapped?.[1]) return mapped[1];
  if (!value.includes(":") || !/^[0-9a-f:]+$/.test(value)) return value;
  const [head = "", tail = ""] = value.split("::");
  const left = head ? head.split(":") : [];
  const right = value.includes("::") && tail ? tail.split(":") : [];
  const groups = value.includes("::") ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right] : left;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, "")).join(":")}::/64`;
}
