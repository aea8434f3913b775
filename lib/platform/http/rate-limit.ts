import "server-only";

import { createHash } from "node:crypto";

import { and, eq, lt, sql } from "drizzle-orm";

import { getDb, type Database } from "@/lib/platform/db/client";
import { rateLimits } from "@/lib/platform/db/schema";
import { env } from "@/lib/platform/env";
import { clientIp } from "@/lib/platform/http/client-ip";
import { AppError } from "@/lib/platform/errors";

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
   * several children, a typo corrected and a retry or two, and stops a script after 10 rows
   * (DEMO_REQUESTS_PER_ADDRESS).
   */
  demoRequest: { name: "demo", limit: env.DEMO_REQUESTS_PER_ADDRESS, windowSeconds: 10 * 60 },
  /** The client sends a few events per page; 2 a second for a minute covers tabs and shared NATs, not a flood. */
  logEvent: { name: "logevent", limit: 120, windowSeconds: 60 },
  /**
   * Each sign-up creates a user at the identity provider and a row here. 20 (SIGN_UPS_PER_ADDRESS) in 10 minutes leaves
   * room for a family or a classroom signing up together behind one address, and stops a script
   * that makes accounts in bulk.
   */
  signUp: { name: "signup", limit: env.SIGN_UPS_PER_ADDRESS, windowSeconds: 10 * 60 },
  /** Each request sends an email: 10 in 10 minutes covers typos and a lost email, not a mailbox flood from one address. */
  passwordReset: { name: "password-reset", limit: 10, windowSeconds: 10 * 60 },
  /** The reset page's form: a person types a password once or twice; 10 in 10 minutes stops guessing at codes. */
  passwordResetConfirm: { name: "password-reset-confirm", limit: 10, windowSeconds: 10 * 60 },
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
  /**
   * The verification email again (the /my-courses button), per account: 3 in 10 minutes covers a
   * lost or slow email, and keeps a signed-in script from flooding the address it signed up with.
   */
  verificationEmail: {
    name: "verification-email",
    limit: 3,
    windowSeconds: 10 * 60,
    refusal: "Too many verification emails have been sent. Please try again in a few minutes.",
  },
  /**
   * Password guesses (issue 4), counted by reserveAttempts below so that only failures stay
   * counted: wrong passwords at sign-in and at the re-authentication of a password change or an
   * account deletion, one budget for all three. 10 in 15 minutes per address covers a family's or
   * a classroom's typos behind one address; a script guessing from it gets 10 tries.
   */
  passwordFailures: { name: "password-failures", limit: 10, windowSeconds: 15 * 60, refusal: "Too many sign-in attempts." },
  /**
   * The same account from anywhere (its email, hashed): 5 wrong passwords in 15 minutes, so many
   * addresses together cannot guess at one account either. Someone who knows only the email can
   * hold the account's sign-in for the rest of a window, never longer, and the reset email still works.
   */
  passwordFailuresPerAccount: {
    name: "password-failures-account",
    limit: 5,
    windowSeconds: 15 * 60,
    refusal: "Too many sign-in attempts.",
  },
  /**
   * A child's sign-in (a password or 3 of 9 pictures in order: 504 orders), counted like the
   * parents' (reserveAttempt: only misses stay counted). Children mistype more than grown-ups, so
   * 20 misses in 15 minutes per username and per address; a script guessing pictures gets 20 of 504.
   */
  learnerGuessesPerUsername: { name: "learner-guesses-user", limit: 20, windowSeconds: 15 * 60, refusal: "Too many tries." },
  learnerGuessesPerAddress: { name: "learner-guesses", limit: 20, windowSeconds: 15 * 60, refusal: "Too many tries." },
  /**
   * Gift codes tried and not redeemed (counted by reserveAttempt, so a redeemed code does not count):
   * a code has 140 random bits, and these keep a signed-in script from even trying. 10 wrong codes in
   * 15 minutes per account covers typos from paper; 20 per address covers a household or a classroom.
   */
  giftRedeemPerAccount: { name: "gift-redeem-account", limit: 10, windowSeconds: 15 * 60, refusal: "Too many gift codes tried." },
  giftRedeemPerAddress: { name: "gift-redeem", limit: 20, windowSeconds: 15 * 60, refusal: "Too many gift codes tried." },
  /**
   * Checkouts (issue 26): each one locks sections and may hold seats and open a Stripe session. 20
   * in 10 minutes per account covers retries after a full class or a changed price; 60 per address
   * covers a household or a school behind one address, and slows a script cycling unpaid holds.
   */
  checkoutPerAccount: { name: "checkout-account", limit: 20, windowSeconds: 10 * 60, refusal: "Too many checkouts." },
  checkoutPerAddress: { name: "checkout", limit: 60, windowSeconds: 10 * 60, refusal: "Too many checkouts from your network." },
  /**
   * Messages (issue 28), per account: 30 in 10 minutes is a brisk conversation with a teacher; a
   * script or a flood stops there. Starting conversations: 10 new threads an hour covers every
   * child's every enrolment.
   */
  messagesPerAccount: { name: "messages-account", limit: 30, windowSeconds: 10 * 60, refusal: "You are sending messages too quickly." },
  threadsPerAccount: { name: "threads-account", limit: 10, windowSeconds: 60 * 60, refusal: "You have started many conversations." },
  /**
   * Issue 40: joining and leaving waitlists, per account. A family joins for a child or two and may
   * change its mind; 20 in 10 minutes covers that and stops a script churning places (each of which
   * also expires a course page).
   */
  /**
   * Issue 40: the class finder (the /courses search page and its JSON route) runs several queries
   * per search; 60 a minute per address covers a family clicking through filters, not a scraper.
   */
  finderPerAddress: { name: "finder", limit: 60, windowSeconds: 60, refusal: "Too many searches from your network." },
  waitlistPerAccount: {
    name: "waitlist-account",
    limit: 20,
    windowSeconds: 10 * 60,
    refusal: "You have joined and left waitlists too often. Try again later.",
  },
  /**
   * Wrong tokens in the public token addresses (issue: the demo status page /demo/{token} and its
   * actions, the unsubscribe page and one-click POST), counted by reserveAttempt so that the
   * holder's own visits do not count. A token has 128+ random bits; 20 misses in 15 minutes per
   * address leaves room for mistyped or truncated links behind one household's address, and keeps
   * a script from guessing at all.
   */
  tokenGuesses: { name: "token-guesses", limit: 20, windowSeconds: 15 * 60, refusal: "Too many wrong links tried from your network." },
} as const satisfies Record<string, RateLimitRule>;

/** On average one counted request in this many deletes the windows that have ended. */
const PRUNE_ONE_IN = 200;

export interface RateLimitDecision {
  isAllowed: boolean;
  count: number;
  /** Seconds until the current window ends (the Retry-After of a 429). */
  retryAfterSeconds: number;
}

function windowStartOf(rule: RateLimitRule, now: Date): Date {
  const windowMs = rule.windowSeconds * 1000;
  return new Date(Math.floor(now.getTime() / windowMs) * windowMs);
}

/** Counts one request of `client` against `rule` (one atomic upsert) and says whether it is within the limit. */
export async function hitRateLimit(db: Database, rule: RateLimitRule, client: string, now = new Date()): Promise<RateLimitDecision> {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = windowStartOf(rule, now);
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
 * The guard of route handlers and server actions: returns when the request may go on, else
 * throws AppError("rate-limited") with when to retry (a 429 with Retry-After through
 * errorResponse). A database that cannot count throws as it is (a 503). Counts per client
 * address unless given another key (an email's hash). RATE_LIMITS=off skips it (tests, load bench).
 */
export async function enforceRateLimit(rule: RateLimitRule, key: string): Promise<void> {
  if (env.RATE_LIMITS === "off") return;
  const db = await getDb();
  // Every bucket is counted, so a refused /64 still uses up its /48's share.
  const decisions: RateLimitDecision[] = [];
  for (const bucket of rateLimitBuckets(rule, key)) decisions.push(await hitRateLimit(db, bucket.rule, bucket.key));
  await maybePrune(db);
  const refused = decisions.filter((decision) => !decision.isAllowed);
  if (refused.length > 0) throw refusal(rule, Math.max(...refused.map((decision) => decision.retryAfterSeconds)));
}

/** An attempt counted against its limits until it is released (RATE_LIMITS=off: a no-op). */
export interface AttemptReservation {
  /** Takes the attempt's count back: it did not fail (a success, or a failure that was not the caller's). */
  release(): Promise<void>;
}

/**
 * For limits that count only failures (password guesses): counts the attempt against every rule
 * before it runs, and refuses it (AppError "rate-limited", the longest wait of the rules it is past)
 * when one is full. The caller releases the count unless the attempt failed, so successes do not
 * count. Counting first, not checking and counting afterwards, keeps parallel guesses to the
 * limit: a burst cannot all pass a check made before any of them had failed.
 */
export async function reserveAttempt(limits: ReadonlyArray<{ rule: RateLimitRule; key: string }>): Promise<AttemptReservation> {
  if (env.RATE_LIMITS === "off") return { release: async () => undefined };
  const counters = limits.flatMap(({ rule, key }) => rateLimitBuckets(rule, key));
  const db = await getDb();
  const now = new Date();
  const decisions = [];
  for (const counter of counters) decisions.push({ ...counter, ...(await hitRateLimit(db, counter.rule, counter.key, now)) });
  await maybePrune(db);
  const release = async () => {
    for (const { rule, key } of counters) {
      await db
        .update(rateLimits)
        .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
        .where(and(eq(rateLimits.key, `${rule.name}:${key}`), eq(rateLimits.windowStart, windowStartOf(rule, now))));
    }
  };
  const refused = decisions.filter((decision) => !decision.isAllowed).sort((a, b) => b.retryAfterSeconds - a.retryAfterSeconds)[0];
  if (refused) {
    // A refused attempt is not a failure of the password: it leaves the counters as they were.
    await release();
    throw refusal(refused.rule, refused.retryAfterSeconds);
  }
  return { release };
}

async function maybePrune(db: Database): Promise<void> {
  if (Math.random() * PRUNE_ONE_IN < 1) {
    await pruneRateLimits(db).catch((error: unknown) => console.error("[rate-limit] prune failed:", error));
  }
}

function refusal(rule: RateLimitRule, retryAfterSeconds: number): AppError {
  return new AppError("rate-limited", tooManyMessage(rule, retryAfterSeconds), { retryAfterSeconds });
}

/**
 * How many subscribers' worth of requests one IPv6 /48 may send together. A /48 is what one site or
 * small provider customer is allocated: 65,536 /64s, so counting only per /64 would let one
 * allocation rotate through that many fresh quotas. 8 leaves room for a few households behind one
 * provider's /48, and holds the whole allocation to 8 times one address's limit.
 */
export const IPV6_48_LIMIT_FACTOR = 8;

/**
 * The counters one request of `key` goes into: the key itself with the rule's limit, and for an
 * IPv6 /64 (clientAddress's keys) also its /48, with IPV6_48_LIMIT_FACTOR times the limit.
 */
export function rateLimitBuckets(rule: RateLimitRule, key: string): Array<{ rule: RateLimitRule; key: string }> {
  const buckets = [{ rule, key }];
  const block = /^([0-9a-f]{1,4}:[0-9a-f]{1,4}:[0-9a-f]{1,4}):[0-9a-f]{1,4}::\/64$/.exec(key);
  if (block?.[1]) buckets.push({ rule: { ...rule, limit: rule.limit * IPV6_48_LIMIT_FACTOR }, key: `${block[1]}::/48` });
  return buckets;
}

function tooManyMessage(rule: RateLimitRule, seconds: number): string {
  const wait =
    seconds < 60 ? `${seconds} second${seconds === 1 ? "" : "s"}` : `${Math.ceil(seconds / 60)} minute${seconds > 60 ? "s" : ""}`;
  return `${rule.refusal ?? "Too many requests from your network."} Please try again in ${wait}.`;
}

/**
 * The client's address as the limits key it: clientIp() (lib/platform/http/client-ip.ts, which says what
 * can be trusted and when), with IPv6 addresses counted per /64, the block one subscriber gets
 * (enforceRateLimit also counts its /48: rateLimitBuckets).
 */
export function clientAddress(request: Request, trustedProxies?: readonly string[]): string {
  return clientAddressOf(request.headers, trustedProxies);
}

/** The same, from the headers alone: server actions (next/headers' headers()) and next-auth's authorize have no Request. */
export function clientAddressOf(headers: Headers, trustedProxies?: readonly string[]): string {
  const address = clientIp(headers, trustedProxies);
  return address ? normaliseAddress(address) : "unknown";
}

/** An email as a counter key: trimmed, lower-cased and hashed, so the limits table holds no email addresses. */
export function emailKey(email: string): string {
  return createHash("sha256").update(email.trim().toLowerCase()).digest("hex").slice(0, 32);
}

function normaliseAddress(address: string): string {
  const value = address
    .toLowerCase()
    .replace(/^\[|\](:\d+)?$/g, "")
    .slice(0, 64);
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(value);
  if (mapped?.[1]) return mapped[1];
  if (!value.includes(":") || !/^[0-9a-f:]+$/.test(value)) return value;
  const [head = "", tail = ""] = value.split("::");
  const left = head ? head.split(":") : [];
  const right = value.includes("::") && tail ? tail.split(":") : [];
  const groups = value.includes("::") ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}
