/**
 * How the e2e server runs (playwright.config.ts starts it with these values), so that
 * specs derive brand routes from the same constants instead of guessing lib/platform/brand.ts's default.
 */
// E2E_PORT moves a whole second instance (port, build folder, database, emulator), so two
// checkouts' or two people's browser tests can run side by side.
export const E2E_PORT = Number(process.env.E2E_PORT || 3100);
const instance = E2E_PORT === 3100 ? "" : `-${E2E_PORT}`;
export const E2E_DIST_DIR = `.next-e2e${instance}`;
export const baseURL = `http://localhost:${E2E_PORT}`;
/**
 * Passed explicitly, so a developer's .env with another brand does not change what the tests expect;
 * not lib/platform/brand.ts's default, so a route or label that ignores the configuration fails a test.
 */
export const E2E_PRODUCT_NAME = "Maple Grove";
export const E2E_PRODUCT_SLUG = "maplegrove";
/** Removed before each server start: every run begins with a freshly migrated and seeded database. */
export const E2E_PGLITE_DIR = `.data/e2e-pglite${instance}`;

/**
 * The e2e server's media server (scripts/janus.mjs): its process id, rewritten at each start, for the
 * spec that kills it mid-class (e2e/classroom-reconnect.spec.ts); started again after a pause long
 * enough for the pages to be seen reconnecting and the rest of the product seen working without it.
 */
export const E2E_JANUS_PID_FILE = `.data/e2e-janus${instance}.pid`;
export const E2E_JANUS_RESTART_DELAY_MS = 10_000;

/** The e2e server's own Auth Emulator and its accounts, removed before each server start. */
export const E2E_AUTH_EMULATOR_PORT = 9299 + (E2E_PORT - 3100) * 3;
export const E2E_AUTH_DIR = `.data/e2e-auth${instance}`;
/**
 * The e2e server's embedded mail server keeps messages here (removed before each server start); its
 * SMTP port is any free one (scripts/embedded-mail.mjs), so parallel servers cannot collide.
 */
export const E2E_MAIL_DIR = `.data/e2e-mail${instance}`;
export const DEMO_PASSWORD = "demo-password-1";
/** Each demo role's signed-in browser state, saved once per run by e2e/sign-in.setup.ts. */
export const E2E_STATE_DIR = `.data/e2e-state${instance}`;

/** SPEC 2: the routes that carry the brand. */
export const brandPaths = {
  join: `/join-${E2E_PRODUCT_SLUG}`,
  wallet: `/user/${E2E_PRODUCT_SLUG}-coin`,
} as const;

/**
 * The shell's outside links. The default server sets a practice site of its own and two of the
 * four social networks (e2e/shell.spec.ts checks the links go there and the other two are absent);
 * the configured server sets none and empties PRACTICE_PYTHON_URL, which hides that link.
 * Hosts under the reserved `.test` domain, which nothing resolves.
 */
export const E2E_PRACTICE_PYTHON_URL = "https://practice.e2e.test/python/";
export const E2E_SOCIAL_LINKS = {
  Facebook: "https://facebook.e2e.test/maplegrove",
  YouTube: "https://youtube.e2e.test/@maplegrove",
} as const;
export const SHELL_LINKS_ENV_SET = {
  PRACTICE_PYTHON_URL: E2E_PRACTICE_PYTHON_URL,
  SOCIAL_FACEBOOK_URL: E2E_SOCIAL_LINKS.Facebook,
  SOCIAL_INSTAGRAM_URL: "",
  SOCIAL_YOUTUBE_URL: E2E_SOCIAL_LINKS.YouTube,
  SOCIAL_LINKEDIN_URL: "",
} as const;
export const SHELL_LINKS_ENV_EMPTY = {
  PRACTICE_PYTHON_URL: "",
  SOCIAL_FACEBOOK_URL: "",
  SOCIAL_INSTAGRAM_URL: "",
  SOCIAL_YOUTUBE_URL: "",
  SOCIAL_LINKEDIN_URL: "",
} as const;

/**
 * Issue 5: the outside services' variables. The default server runs with all of them empty
 * (a developer's .env cannot switch analytics on under the other specs); a second server
 * (e2e/consent.spec.ts only) runs with all of them pointing at hosts under the reserved
 * `.test` domain, which nothing resolves: the spec answers them with page.route, so no
 * test configuration can reach a real service, nor ship as a file of the site.
 */
export const THIRD_PARTY_ENV_OFF = {
  NEXT_PUBLIC_POSTHOG_KEY: "",
  NEXT_PUBLIC_POSTHOG_HOST: "",
  NEXT_PUBLIC_IP_LOOKUP_URL: "",
  NEXT_PUBLIC_CONSENT_ON_SCROLL: "",
  NEXT_PUBLIC_CONSENT_ON_SCROLL_PERCENT: "",
  NEXT_PUBLIC_CHAT_WIDGET_URL: "",
  NEXT_PUBLIC_ADS_CLIENT_ID: "",
  NEXT_PUBLIC_SESSION_RECORDING_URL: "",
  NEXT_PUBLIC_HEATMAP_URL: "",
  NEXT_PUBLIC_POPUP_WIDGET_URL: "",
  NEXT_PUBLIC_ASSISTANT_WIDGET_URL: "",
  VERCEL: "",
} as const;

export const FAKE_POSTHOG_HOST = "https://posthog.e2e.test";
export const FAKE_ADS_CLIENT_ID = "ca-pub-0000000000000000";
/** Script URLs of the configured widgets, by registry id. */
export const FAKE_WIDGET_SCRIPTS = {
  chat: "https://chat.e2e.test/widget.js",
  ads: `https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js?client=${FAKE_ADS_CLIENT_ID}`,
  "session-recording": "https://recording.e2e.test/recorder.js",
  heatmap: "https://heatmap.e2e.test/heatmap.js",
  popup: "https://popup.e2e.test/popup.js",
  assistant: "https://assistant.e2e.test/gpt.js",
} as const;

export const THIRD_PARTY_ENV_FAKE = {
  ...THIRD_PARTY_ENV_OFF,
  NEXT_PUBLIC_POSTHOG_KEY: "phc_e2e_fake_key",
  NEXT_PUBLIC_POSTHOG_HOST: FAKE_POSTHOG_HOST,
  // Switched on with SPEC 9's default percent (25), which the spec checks.
  NEXT_PUBLIC_CONSENT_ON_SCROLL: "on",
  NEXT_PUBLIC_CHAT_WIDGET_URL: FAKE_WIDGET_SCRIPTS.chat,
  NEXT_PUBLIC_ADS_CLIENT_ID: FAKE_ADS_CLIENT_ID,
  NEXT_PUBLIC_SESSION_RECORDING_URL: FAKE_WIDGET_SCRIPTS["session-recording"],
  NEXT_PUBLIC_HEATMAP_URL: FAKE_WIDGET_SCRIPTS.heatmap,
  NEXT_PUBLIC_POPUP_WIDGET_URL: FAKE_WIDGET_SCRIPTS.popup,
  NEXT_PUBLIC_ASSISTANT_WIDGET_URL: FAKE_WIDGET_SCRIPTS.assistant,
} as const;

/** The configured server: a whole instance of its own (build folder, database, emulator), 50 ports up. */
export const E2E_CONFIGURED_PORT = E2E_PORT + 50;
export const configuredBaseURL = `http://localhost:${E2E_CONFIGURED_PORT}`;
export const E2E_CONFIGURED_DIST_DIR = `.next-e2e-configured${instance}`;
export const E2E_CONFIGURED_PGLITE_DIR = `.data/e2e-configured-pglite${instance}`;
export const E2E_CONFIGURED_AUTH_DIR = `.data/e2e-configured-auth${instance}`;
export const E2E_CONFIGURED_MAIL_DIR = `.data/e2e-configured-mail${instance}`;
export const E2E_CONFIGURED_AUTH_EMULATOR_PORT = 9299 + (E2E_CONFIGURED_PORT - 3100) * 3;

/** The browser every spec runs in (playwright.config.ts; the classroom specs add fake devices: e2e/support/classroom.ts). */
export const CHROMIUM_LAUNCH = {
  // The system Chromium: Playwright cannot download its own here. scripts/e2e.mjs sets
  // CHROMIUM_PATH after scripts/ensure-chromium.mjs found or installed it (the .mjs cannot
  // be imported by playwright.config.ts: Playwright loads it as CommonJS).
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium-headless-shell",
  args: [
    "--no-sandbox",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-gpu",
    // Only our own server resolves: a third-party request fails fast instead of hanging.
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1, EXCLUDE ::1",
  ],
};
