import { isIP } from "node:net";

import { z } from "zod";

import { COOKIE_CONSENT_ACCEPT_ON_SCROLL_PERCENT } from "./constants";

/** The demo accounts' password that the README publishes: never valid on a reachable server. */
export const DOCUMENTED_DEMO_PASSWORD = "demo-password-1";

/**
 * The only reader of process.env. Validated once, at first import, so a bad
 * variable fails the start with a message that names it.
 */
const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .pipe(z.url().optional())
  .optional();

/**
 * A browser-loaded URL (widget script, analytics host): https, or http on this
 * machine only (local tests), so a typo cannot make a page load mixed content.
 */
const browserUrl = optionalUrl.refine(
  (value) => value === undefined || /^https:\/\//.test(value) || /^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?\//.test(`${value}/`),
  "must be an https URL (http only for localhost)",
);

/** A link the site shows to another site (footer, header): https only. */
const linkUrl = z.url({ protocol: /^https$/, error: "must be an https URL" });
const optionalLinkUrl = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .pipe(linkUrl.optional())
  .optional();

/** The default of PRACTICE_PYTHON_URL (SPEC 2's 'Practice Python' link to an outside practice site). */
export const DEFAULT_PRACTICE_PYTHON_URL = "https://www.practicepython.org/";

/**
 * Variables for which "set but empty" is a value of its own: PRACTICE_PYTHON_URL= hides the link,
 * where unset gives the default. For every other variable, empty means unset.
 */
export const EMPTY_IS_A_VALUE: ReadonlySet<string> = new Set(["PRACTICE_PYTHON_URL"]);

/** Comma-separated IP addresses or CIDR ranges (10.0.0.0/8, 2001:db8::/32). */
const ipList = z
  .string()
  .transform((value) =>
    value
      .split(",")
      .map((item) => item.trim())
      .filter(Boolean),
  )
  .refine((items) => items.every(isAddressOrRange), "must be comma-separated IP addresses or CIDR ranges")
  .optional();

function isAddressOrRange(item: string): boolean {
  const [address = "", prefix, extra] = item.split("/");
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/**
 * Where mail leaves: smtp://user:password@host:587 (STARTTLS when the server offers it) or
 * smtps://...:465. Checked at start, so a typo names SMTP_URL instead of failing at the first send.
 */
const smtpUrl = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .pipe(
    z
      .string()
      .refine((value) => {
        try {
          const url = new URL(value);
          return (url.protocol === "smtp:" || url.protocol === "smtps:") && url.hostname !== "";
        } catch {
          return false;
        }
      }, "must be an smtp:// or smtps:// URL such as smtp://user:password@smtp.example.com:587")
      .optional(),
  )
  .optional();

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /** Set: PostgreSQL through `pg`. Unset: PGlite persisted under PGLITE_DIR. */
  DATABASE_URL: optionalUrl,
  /**
   * Set: Next's data and page cache and its tag revalidations are shared by every instance through
   * this Redis (cache-handler.mjs reads it; README "Several instances").
   * Unset: each process keeps its own, as one instance needs.
   */
  REDIS_URL: z
    .string()
    .trim()
    .transform((v) => (v === "" ? undefined : v))
    .pipe(z.url({ protocol: /^rediss?$/, error: "must be a redis:// or rediss:// URL such as redis://127.0.0.1:6379" }).optional())
    .optional(),
  /** Prefix of the shared cache's Redis keys (default next-cache): two sites on one Redis each set their own. */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_-]{1,60}$/, "must be letters, digits, ':', '_' or '-'")
    .optional(),
  /** Milliseconds a Redis cache call may take before this instance serves from its own cache (default 500). */
  REDIS_CACHE_TIMEOUT_MS: z.coerce.number().int().min(10).max(10_000).optional(),
  /** Where the embedded database lives; `memory://` keeps it in memory (tests). */
  PGLITE_DIR: z.string().min(1).default(".data/pglite"),
  /**
   * Tests only: a dump of a migrated PGlite database (test/templates.mjs) that a new embedded database
   * starts from, instead of migrating an empty one (seconds per test file).
   */
  PGLITE_TEMPLATE: z.string().min(1).optional(),
  /** Public origin of the site: canonical URLs, sitemap, Origin checks. */
  APP_URL: z.url().default("http://localhost:3000"),
  PRODUCT_NAME: z.string().trim().min(1).max(40).default("Brightside"),
  /** URL-safe brand slug used in /join-{slug} and /user/{slug}-coin. */
  PRODUCT_SLUG: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be lowercase letters, digits and single dashes")
    .optional(),
  SUPPORT_EMAIL: z.email().default("support@example.com"),
  SUPPORT_PHONE: z
    .string()
    .regex(/^\+?[0-9 ()-]{7,20}$/, "must be a phone number such as +1 (555) 010-0199")
    .default("+1 (555) 010-0199"),
  SUPPORT_ADDRESS: z.string().min(1).default("548 Market Street, Suite 300, San Francisco, CA 94104, USA"),
  /**
   * SPEC 2's 'Practice Python' link (the full bar and the anonymous bar): an https URL; set empty
   * to hide the link. Read at build for the static pages (npm start rebuilds when it changes).
   */
  PRACTICE_PYTHON_URL: z
    .string()
    .trim()
    .pipe(z.union([z.literal(""), linkUrl]))
    .default(DEFAULT_PRACTICE_PYTHON_URL),
  /** The footer's social links (SPEC 2): each shows only when set, as an https URL of the brand's own page. */
  SOCIAL_FACEBOOK_URL: optionalLinkUrl,
  SOCIAL_INSTAGRAM_URL: optionalLinkUrl,
  SOCIAL_YOUTUBE_URL: optionalLinkUrl,
  SOCIAL_LINKEDIN_URL: optionalLinkUrl,
  /** Optional CRM / legacy backend that receives every demo request via the outbox (https in production). */
  DEMO_FORWARD_URL: optionalUrl,
  DEMO_FORWARD_TOKEN: z.string().optional(),
  // --- Email (lib/notifications; README "Email") ---
  /** The SMTP server every message leaves through. Unset: messages wait in the outbox. `npm start` sets its embedded one. */
  SMTP_URL: smtpUrl,
  /** The From of every message; default "PRODUCT_NAME <SUPPORT_EMAIL>". */
  MAIL_FROM: z
    .string()
    .trim()
    .regex(
      /^(?:[^<>]*<[^<>\s@]+@[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+)$/,
      'must be an address, or a name and an address: "Brightside <hello@example.com>"',
    )
    .optional(),
  /**
   * The folder where the embedded SMTP server of `npm start` / `npm run dev` keeps messages (default
   * .data/mail); the start scripts pass it to the app only when they run that server. The mailbox
   * page (/dev/mailbox) exists only then, and only on loopback (lib/notifications/mailbox-access.ts).
   */
  MAILBOX_DIR: z.string().min(1).optional(),
  // --- Identity (Firebase Auth; the Auth Emulator is the embedded default) ---
  /** host:port of the Firebase Auth Emulator; the start scripts set it when they run one. */
  FIREBASE_AUTH_EMULATOR_HOST: z
    .string()
    .regex(/^[\w.-]+:\d+$/, "must be host:port")
    .optional(),
  /** Production needs ALLOW_AUTH_EMULATOR=true to run against the emulator (the embedded default sets it). */
  ALLOW_AUTH_EMULATOR: z.stringbool().default(false),
  FIREBASE_PROJECT_ID: z
    .string()
    .regex(/^[a-z0-9-]{4,40}$/, "must be a Firebase project id")
    .optional(),
  /** Service account of the Firebase project (production). */
  FIREBASE_CLIENT_EMAIL: z.email().optional(),
  FIREBASE_PRIVATE_KEY: z.string().min(1).optional(),
  /** Web API key for the Identity Toolkit REST API (production). */
  FIREBASE_API_KEY: z.string().min(1).optional(),
  /** next-auth's public origin for callback URLs (next-auth reads it itself); the start scripts default it to APP_URL. */
  NEXTAUTH_URL: optionalUrl,
  /** Signs the session cookie; required in production. */
  NEXTAUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /** Password of the demo accounts the embedded default creates (one per role). */
  DEMO_ACCOUNT_PASSWORD: z.string().min(8).default(DOCUMENTED_DEMO_PASSWORD),
  /**
   * Create the demo accounts at start. Unset: only with the Auth Emulator on a loopback HOST (and
   * `npm start` without NODE_ENV=production); "true" is the explicit flag that seeds anywhere.
   */
  SEED_DEMO_ACCOUNTS: z.stringbool().optional(),
  /**
   * The interface the server listens on. `npm start` and `npm run dev` default to 127.0.0.1 (this
   * machine only); `npm run serve` to every interface. scripts/server.mjs and the start scripts read it.
   */
  HOST: z.string().trim().min(1).optional(),
  /** Google sign-in through Firebase, shown only when both are set. */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  // --- Abuse limits (issue 6; lib/platform/http/rate-limit.ts) ---
  /** Per-address limits on the demo and log-event endpoints; "off" only for tests and load benchmarks. */
  RATE_LIMITS: z.enum(["on", "off"]).default("on"),
  /**
   * Demo requests one address may send in 10 minutes. A school or library whose families share
   * one network address may need more; the browser tests, every one from 127.0.0.1, set more too.
   */
  DEMO_REQUESTS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(10),
  /** Sign-ups one address may make in 10 minutes (a classroom behind one address needs room; the browser tests more). */
  SIGN_UPS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(20),
  // --- Retention (lib/privacy/retention.ts; the privacy policy page states the same numbers) ---
  /** Days an IP address or user agent is kept on demo requests and log events. */
  NETWORK_DATA_RETENTION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Months an unconverted demo request (new, contacted, scheduled, closed, spam) is kept after its last change. */
  LEAD_RETENTION_MONTHS: z.coerce.number().int().min(1).max(120).default(12),
  /** Months a log event is kept. */
  EVENT_RETENTION_MONTHS: z.coerce.number().int().min(1).max(120).default(12),
  /** Months a file handed in as homework (a photo, a PDF) is kept; the hand-in's text, marks and feedback stay with the account. */
  HOMEWORK_FILE_RETENTION_MONTHS: z.coerce.number().int().min(1).max(120).default(12),
  /**
   * Months a deleted family's conversation is kept for the safety team when it had flagged or hidden
   * messages or a safety report (issue 40; the rule: lib/messages/kept-conversations.ts), then deleted.
   */
  KEPT_CONVERSATION_RETENTION_MONTHS: z.coerce.number().int().min(1).max(120).default(24),
  // --- Scheduling (lib/scheduling) ---
  /** Length of a demo slot, in minutes; slots lie on this grid of the teacher's wall clock. */
  DEMO_SLOT_MINUTES: z.coerce.number().int().min(10).max(120).default(30),
  /** The earliest demo slot offered is at least this many hours ahead. */
  DEMO_LEAD_TIME_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 14)
    .default(12),
  // --- The live class (lib/classroom/join.ts) ---
  /** Where a section without its own meeting link gets a room: this base URL and an unguessable room name (Jitsi Meet by default). */
  MEETING_BASE_URL: z
    .url({ protocol: /^https$/, error: "must be an https URL such as https://meet.jit.si" })
    .default("https://meet.jit.si"),
  /**
   * Where a class happens: "in-product" (the default: the classroom page on our own media server,
   * scripts/janus.mjs) or "outside-link" (the room on MEETING_BASE_URL, as before). A section with
   * its own meeting URL always uses that.
   */
  CLASSROOM_MODE: z.enum(["in-product", "outside-link"]).default("in-product"),
  /** The media server's HTTP API (Janus), set by scripts/start.mjs when it started one; unset, classes fall back to the outside link. */
  JANUS_URL: optionalUrl,
  /** The media server's token_auth_secret: the app signs each person's short-lived token with it. */
  JANUS_TOKEN_SECRET: z.string().trim().min(16).optional(),
  /** The videoroom plugin's admin_key: only the app can create rooms. */
  JANUS_ADMIN_KEY: z.string().trim().min(16).optional(),
  /**
   * A TURN server for families behind strict networks (coturn, deploy/turnserver.conf): its URIs,
   * comma-separated (turn:host:3478,turns:host:5349), and its static-auth-secret, from which the app
   * derives each person's credential until their class closes (lib/classroom/turn.ts). Both or neither.
   */
  TURN_URLS: z
    .string()
    .trim()
    .transform((v) => (v === "" ? undefined : v.split(",").map((uri) => uri.trim())))
    .pipe(
      z
        .array(
          z
            .string()
            .regex(/^(turns?|stuns?):[^\s]+$/, { error: "each must be a turn:, turns: or stun: URI such as turn:turn.example.org:3478" }),
        )
        .optional(),
    )
    .optional(),
  TURN_SECRET: z.string().trim().min(16).optional(),
  /** Minutes after a session's end during which its classroom still admits (a class that runs over). */
  CLASSROOM_GRACE_MINUTES: z.coerce.number().int().min(0).max(120).default(15),
  // --- Payments (lib/commerce) ---
  /** The one currency of prices, the wallet and card payments (ISO 4217). */
  CURRENCY: z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/, "must be a three-letter currency code such as USD")
    .default("USD"),
  /** Stripe secret key (sk_test_... or sk_live_...): set, the rest of a checkout is paid by card through Stripe Checkout; unset, checkout is wallet-only. */
  STRIPE_SECRET_KEY: z.string().trim().min(1).optional(),
  /** Signing secret of the Stripe webhook endpoint (/api/webhooks/stripe), whsec_... */
  STRIPE_WEBHOOK_SECRET: z.string().trim().min(1).optional(),
  /** Tests and local development only: send the SDK's API calls to this origin (a local stand-in) instead of api.stripe.com. */
  STRIPE_API_URL: optionalUrl,
  /**
   * Minutes a card checkout holds its seats; its Stripe Checkout Session expires with the hold.
   * Stripe refuses a session that expires less than 30 minutes after it is created, and the session
   * is opened a moment after the hold starts: so at least 31, and 35 by default.
   */
  CHECKOUT_HOLD_MINUTES: z.coerce
    .number()
    .int()
    .min(31)
    .max(24 * 60)
    .default(35),
  /**
   * Seats one account may hold waiting for card payments at once (issue 26: unpaid holds cost
   * nothing, so without a cap one account could hold a whole section for the hold's length).
   */
  UNPAID_SEATS_PER_ACCOUNT: z.coerce.number().int().min(1).max(100).default(6),
  /** Hours a waitlist offer holds a freed seat for the family first in line, before it goes to the next (lib/scheduling/waitlist.ts). */
  WAITLIST_OFFER_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 14)
    .default(24),
  /**
   * Minutes between two new-message emails about one thread to one person (lib/reactions/message-mail.ts):
   * a busy conversation sends one email per window, with a link back to the thread.
   */
  MESSAGE_EMAIL_BATCH_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  /**
   * The refund policy (the terms of service print it from these): a withdrawal at least this many
   * hours before the seat's first session is refunded automatically; later, it is refused.
   */
  REFUND_CUTOFF_HOURS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 30)
    .default(24),
  /**
   * A cancelled session without a make-up this many hours after its start is credited: each paid
   * seat gets its share of the price in {product} Cash (lib/commerce/session-credits.ts); the terms print it.
   */
  SESSION_MAKEUP_DEADLINE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(72),
  /**
   * The platform's share of what families pay for a teacher's classes, in percent (issue 28): each
   * monthly statement deducts it (lib/commerce/earnings/attribution.ts) and /become-a-teacher states it.
   */
  PLATFORM_SHARE_PERCENT: z.coerce.number().int().min(0).max(100).default(30),
  /** Where the card part of a refund goes: "card" (back to the card, through Stripe) or "wallet" ({product} Cash). */
  REFUND_CARD_PART_TO: z.enum(["card", "wallet"]).default("card"),
  // --- Analytics, consent and third-party widgets (all off unless set; NEXT_PUBLIC_* are baked in at build) ---
  /** PostHog project key; unset: no analytics code is loaded and no request is made. */
  NEXT_PUBLIC_POSTHOG_KEY: z.string().trim().min(1).optional(),
  /** PostHog ingestion host (a reverse proxy of your own works too). */
  NEXT_PUBLIC_POSTHOG_HOST: browserUrl.default("https://us.i.posthog.com"),
  /** An outside IP lookup answering JSON { ip }; unset: this site's own /api/v1/ip. */
  NEXT_PUBLIC_IP_LOOKUP_URL: browserUrl,
  /**
   * SPEC 9's accept-on-scroll: scrolling down a page counts as consent. Off unless "on": a scroll
   * is a weak sign of consent from a child or a parent.
   */
  NEXT_PUBLIC_CONSENT_ON_SCROLL: z.enum(["on", "off"]).default("off"),
  /** How far down, in percent of the page; SPEC 9's default is 25. */
  NEXT_PUBLIC_CONSENT_ON_SCROLL_PERCENT: z.coerce.number().int().min(1).max(100).default(COOKIE_CONSENT_ACCEPT_ON_SCROLL_PERCENT),
  /** Third-party widgets (lib/platform/security/widgets.ts): script URLs, or the ads client id. */
  NEXT_PUBLIC_CHAT_WIDGET_URL: browserUrl,
  NEXT_PUBLIC_ADS_CLIENT_ID: z
    .string()
    .regex(/^ca-pub-\d{10,20}$/, "must be an AdSense client id such as ca-pub-1234567890123456")
    .optional(),
  NEXT_PUBLIC_SESSION_RECORDING_URL: browserUrl,
  NEXT_PUBLIC_HEATMAP_URL: browserUrl,
  NEXT_PUBLIC_POPUP_WIDGET_URL: browserUrl,
  NEXT_PUBLIC_ASSISTANT_WIDGET_URL: browserUrl,
  /**
   * Proxies in front of the app (IPs or CIDRs) whose X-Forwarded-For entries are skipped to find
   * the visitor: for /api/v1/ip, the address stored with leads and events, and the rate limits.
   */
  TRUSTED_PROXIES: ipList,
  /**
   * Set by scripts/server.mjs for its own process, never by hand: the server records each
   * request's socket peer in a header (lib/platform/http/peer-address.mjs) that lib/platform/http/client-ip.ts may trust.
   */
  SERVER_RECORDS_PEER_ADDRESS: z.enum(["1"]).optional(),
  /** Set to "1" by Vercel (build and runtime): Vercel Analytics is mounted only there. */
  VERCEL: z.string().optional(),
  /** Set by Next during `next build`. */
  NEXT_PHASE: z.string().optional(),
});

/** Rules between variables, checked after each is valid on its own. */
const configSchema = envSchema.superRefine((config, context) => {
  // A webhook nobody can verify would let anyone post "paid".
  if (config.STRIPE_SECRET_KEY && !config.STRIPE_WEBHOOK_SECRET) {
    context.addIssue({ code: "custom", path: ["STRIPE_WEBHOOK_SECRET"], message: "is required when STRIPE_SECRET_KEY is set" });
  }
  // Payment calls in clear text only to a stand-in on this machine.
  if (
    config.NODE_ENV === "production" &&
    config.STRIPE_API_URL &&
    !/^https:\/\//.test(config.STRIPE_API_URL) &&
    !/^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?\//.test(`${config.STRIPE_API_URL}/`)
  ) {
    context.addIssue({ code: "custom", path: ["STRIPE_API_URL"], message: "must be an https URL in production (http only for localhost)" });
  }
  // A TURN server without its secret cannot be used, and a secret without a server is a typo.
  if (Boolean(config.TURN_URLS) !== Boolean(config.TURN_SECRET)) {
    const missing = config.TURN_URLS ? "TURN_SECRET" : "TURN_URLS";
    context.addIssue({ code: "custom", path: [missing], message: "is required when the other TURN variable is set" });
  }
  // A lead's personal data never crosses the network in clear text from production.
  if (config.NODE_ENV === "production" && config.DEMO_FORWARD_URL && !config.DEMO_FORWARD_URL.startsWith("https://")) {
    context.addIssue({ code: "custom", path: ["DEMO_FORWARD_URL"], message: "must be an https URL in production" });
  }
});

export type Env = z.infer<typeof envSchema>;

/** Every variable this app reads; `.env.example` documents each (lib/platform/env.test.ts checks it). */
export const ENV_VARIABLES = Object.keys(envSchema.shape) as Array<keyof Env>;

export function parseEnv(source: Record<string, string | undefined>): Env {
  // An empty variable (FOO= in a file or a shell) means "not set", as for every default above,
  // except where empty is a value of its own (EMPTY_IS_A_VALUE).
  const given = Object.fromEntries(Object.entries(source).filter(([key, value]) => value !== "" || EMPTY_IS_A_VALUE.has(key)));
  const result = configSchema.safeParse(given);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`).join("\n");
    throw new Error(`Invalid configuration (see .env.example):\n${problems}`);
  }
  return result.data;
}

export const env: Env = parseEnv(process.env);

export const isBuildPhase = env.NEXT_PHASE === "phase-production-build";
