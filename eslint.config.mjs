// ESLint (flat config): Next's rules, the layers over every folder (ARCHITECTURE "Layers in lib/";
// test/lint-layers.test.ts shows what they refuse), no import cycles, and process.env read only by lib/platform/env.ts. Run by `npm run lint`, which
// `npm test` runs first (so CI does too).
import boundaries from "eslint-plugin-boundaries";
import importX from "eslint-plugin-import-x";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

/*
 * The layers (ARCHITECTURE "Layers in lib/"), lowest first; imports go down only:
 *   platform        lib/platform: its parts in PLATFORM order, each importing only the parts before it
 *   domains         lib/<domain>: the platform, and the domains DOMAIN_IMPORTS lists for it
 *   reactions       lib/reactions: the handlers of domain events; import domains and the platform
 *   wiring          lib/wiring: start-up (worker, scans, seeds); imports reactions, domains, platform
 *   app · components · browser, and the entry files proxy.ts and instrumentation.ts
 *   tooling         scripts/, test/, e2e/, bench/ and every *.test.ts: on top of everything, and
 *                   nothing in the app imports them
 * Whatever no line below allows is refused (default "disallow"), so a new folder fails lint until
 * it is given a place here.
 */

/** lib/platform's parts, lowest first; "core" is its root files (env, brand, errors, zod ...). The outbox and events sit below auth: a session read announces email.verified. */
const PLATFORM = ["core", "db", "outbox", "events", "security", "auth", "http"];

/**
 * Which domain (lib/<domain>) may import which other domains, and why; every domain may import the
 * whole platform. Written from the imports the code has, and no more: a new import between domains
 * is a decision, taken here. No cycles: a domain never appears in what it (transitively) imports.
 * (lib/event-log is the log-event domain, analytics; domain events are lib/platform/events.)
 */
const DOMAIN_IMPORTS = {
  audit: [], // the audit trail: the others write to it, it reads none of them
  "event-log": [], // log events the browser sends (analytics): stand-alone
  blog: [], // posts from content/: stand-alone
  notifications: [], // email transport, templates, calendar invites: told what to send, knows no domain
  accounts: ["audit", "messages"], // sign-up, roles, the admin's user directory, erasure; role changes and erasure are audited; a deleted family's flagged conversations are kept by messages' rule (issue 40)
  courses: ["audit"], // course admin is audited
  scheduling: ["accounts"], // a section's teacher is picked from the user directory
  teachers: ["accounts", "audit", "scheduling"], // an accepted application makes the user a teacher (accounts, audited); profiles, hours and agenda are read in scheduling's times
  classroom: ["audit", "scheduling"], // joining a class and attendance belong to a scheduled session; support resolving a flagged attendance note is audited (issue 40)
  dashboards: ["audit"], // the outbox dashboard's requeue is audited
  privacy: ["audit", "homework", "messages"], // a data export includes (and is) audited; the retention job purges homework files through their store, and kept conversations by messages' rule
  "demo-requests": ["audit", "courses", "notifications", "scheduling"], // a demo is booked on a scheduling slot for a course, its invite is a calendar file; workflow steps are audited
  discovery: ["classroom", "scheduling"], // issue 29: the class finder and teacher pages read sections, sessions and approved reviews
  messages: ["audit"], // family–teacher threads (issue 28): read bookings through the schema; hiding a message and blocking a thread are audited
  safety: ["accounts", "audit", "commerce", "messages"], // issue 40: concerns reported and triaged (audited); acting on one hides a message, blocks a pair, suspends a teacher (their seats refunded by commerce's rules) or a family's account
  "learner-access": ["classroom", "messages", "notifications", "scheduling"], // a child's own sign-in and space: their classes, the join route, their threads; the calendar feeds reuse the invites' UIDs
  commerce: ["audit", "scheduling"], // seats are sold in scheduled sections; refunds and admin changes are audited (its mail is its events' reactions)
  homework: ["scheduling"], // homework, feedback, progress and certificates belong to a scheduled section and its sessions
};

const platform = (part) => `platform:${part}`;
const domain = (name) => `domain:${name}`;
const ALL_PLATFORM = "platform:*";
const ALL_DOMAINS = "domain:*";
const LIB = [ALL_PLATFORM, ALL_DOMAINS, "reactions", "wiring"];

/**
 * What each file is. Elements are folders (the plugin's folder descriptors, matched from the
 * project root with partialMatch: false); a file belongs to the first element that matches it, so
 * lib/platform's sub-folders come before lib/platform itself, which is left with its root files.
 */
const elements = [
  ...PLATFORM.filter((part) => part !== "core").map((part) => ({ type: platform(part), pattern: `lib/platform/${part}` })),
  { type: platform("core"), pattern: "lib/platform" },
  { type: "reactions", pattern: "lib/reactions" },
  { type: "wiring", pattern: "lib/wiring" },
  ...Object.keys(DOMAIN_IMPORTS).map((name) => ({ type: domain(name), pattern: `lib/${name}` })),
  ...["app", "components", "browser", "scripts", "test", "e2e", "bench"].map((folder) => ({ type: folder, pattern: folder })),
].map((descriptor) => ({ ...descriptor, partialMatch: false }));

/** Files by what they are rather than where they are: the plugin's file descriptors. */
const files = [
  // Next's entry files at the root: the route guard and the server's start-up.
  { category: "entry", pattern: "{proxy,instrumentation}.ts" },
  // Jest tests, beside the code they test.
  { category: "test", pattern: "**/*.test.{ts,tsx}" },
  // The root's other files: Next's cache handler (loaded by Next's server beside next.config.ts,
  // outside the bundles) and the tools' configurations.
  { category: "cache-handler", pattern: "cache-handler.mjs" },
  { category: "config", pattern: "*.config.{ts,mjs}" },
];

const fromElement = (type) => ({ element: { type } });
const fromFile = (category) => ({ file: { categories: category } });
/** An allow policy: files `from` may import the elements of types `to` (and the files of categories). */
const may = (from, to, categories = []) => ({
  from,
  allow: { to: [{ element: { type: to } }, ...categories.map((category) => ({ file: { categories: category } }))] },
});

const layerPolicies = [
  // The platform: each part imports only the parts before it.
  ...PLATFORM.slice(1).map((part, i) => may(fromElement(platform(part)), PLATFORM.slice(0, i + 1).map(platform))),
  // Domains: the platform and the domains their line in DOMAIN_IMPORTS names.
  ...Object.entries(DOMAIN_IMPORTS).map(([name, domains]) => may(fromElement(domain(name)), [ALL_PLATFORM, ...domains.map(domain)])),
  // A reaction may expire a cache on every instance through the cache handler's own function (issue 40: the link allow-list).
  may(fromElement("reactions"), [ALL_PLATFORM, ALL_DOMAINS], ["cache-handler"]),
  // Start-up expires cached pages outside a request through the cache handler's own function.
  may(fromElement("wiring"), [ALL_PLATFORM, ALL_DOMAINS, "reactions"], ["cache-handler"]),
  // Next's configuration reads the environment and the security headers; Playwright's, its servers'
  // settings in e2e/support. The cache handler imports nothing of ours.
  may(fromFile("config"), [platform("core"), platform("security"), "e2e"]),
  // The app's own layer: pages and routes use the domains (never reactions or wiring: they write
  // events and the worker delivers them), components, and browser-only code.
  may(fromElement("browser"), [ALL_PLATFORM, ALL_DOMAINS]),
  may(fromElement("components"), [ALL_PLATFORM, ALL_DOMAINS, "browser"]),
  may(fromElement("app"), [ALL_PLATFORM, ALL_DOMAINS, "components", "browser"]),
  // instrumentation.ts starts the server (lib/wiring/start); proxy.ts reads the session.
  may(fromFile("entry"), [ALL_PLATFORM, ALL_DOMAINS, "wiring"]),
  // Tooling, on top. Test harnesses drive lib and start the scripts' servers (mail, auth emulator).
  may(fromElement("test"), [...LIB, "scripts"]),
  // Scripts run lib (seed, set-role, benches); bench-checkout sets its database up as the tests do.
  may(fromElement("scripts"), [...LIB, "test"]),
  may(fromElement("e2e"), [...LIB, "test"]),
  // The benchmarks seed through lib and the test fixtures and launch Chromium through scripts/.
  may(fromElement("bench"), [...LIB, "test", "scripts"]),
  // A Jest test beside the code may import any of the app (an integration test drives a route
  // through its domain, the route guard's tests load proxy.ts) and the harnesses in test/ and
  // scripts/, and the bench's helpers (test/bench-signed-in.test.ts: how the bench carries a
  // session and tells a signed-out page); never e2e/.
  may(fromFile("test"), [...LIB, "app", "components", "browser", "test", "scripts", "bench"], ["entry"]),
];

const config = [
  {
    ignores: [
      ".next*/**",
      "node_modules/**",
      "bench/bare/**",
      "bench/results/**",
      ".data/**",
      "next-env.d.ts",
      "test-results/**",
      "playwright-report/**",
    ],
  },
  ...nextVitals,
  ...nextTypescript,
  {
    files: ["**/*.{ts,tsx,mjs}"],
    plugins: { boundaries, "import-x": importX },
    settings: {
      "boundaries/elements": elements,
      "boundaries/files": files,
      // One element per file: the first descriptor that matches (see `elements`).
      "boundaries/elements-single-match": true,
      "boundaries/include": [
        ...["app", "browser", "components", "lib", "scripts", "test", "e2e", "bench"].map((folder) => `${folder}/**`),
        "proxy.ts",
        "instrumentation.ts",
        "cache-handler.mjs",
        "*.config.{ts,mjs}",
      ],
      // The plugin's default dependency nodes are import, export … from, import() and require(): a
      // lazy import() is no way around a layer (test/lint-layers.test.ts checks each form).
      "import/resolver": { typescript: { alwaysTryTypes: true }, node: true },
      // no-cycle follows local modules only; parsing packages (PGlite's bundle) is slow and pointless.
      "import/ignore": ["node_modules"],
      "import-x/resolver": { typescript: { alwaysTryTypes: true }, node: true },
      "import-x/ignore": ["node_modules"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".mts", ".cts", ".tsx", ".d.ts"] },
    },
    rules: {
      "boundaries/dependencies": ["error", { default: "disallow", policies: layerPolicies }],
      // A file under an included folder that is no element (a new lib/ folder) must be given a
      // place in the layers first.
      "boundaries/no-unknown-files": "error",
      // Cycles between modules, as well as between folders (the layers above).
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      // STYLE: configuration in one place.
      "no-restricted-properties": [
        "error",
        { object: "process", property: "env", message: "Read configuration through lib/platform/env.ts (the only reader of process.env)." },
      ],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
    },
  },
  {
    // Issue 40: every text shared between a teacher and a family is screened with the admins' link
    // allow-list, through lib/platform/security/screen.ts; screenText alone would mask allowed links.
    files: ["lib/**", "app/**", "components/**"],
    ignores: ["lib/platform/security/**", "**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "@/lib/platform/security/screening",
              importNames: ["screenText"],
              message: "Screen with textScreen or screenShared (lib/platform/security/screen.ts): they read the admins' link allow-list.",
            },
          ],
        },
      ],
    },
  },
  {
    // require(): jest.isolateModules needs fresh module instances. (Their imports follow the layers'
    // test policy above.)
    files: ["**/*.test.{ts,tsx}", "test/**", "e2e/**"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    // Outside the app (tools, tests, configs) and the one reader inside it may read the environment.
    files: [
      "lib/platform/env.ts",
      "instrumentation.ts",
      "**/*.test.{ts,tsx}",
      "test/**",
      "e2e/**",
      "scripts/**",
      "bench/**",
      "*.config.{ts,mjs}",
      // Next's cache handler: loaded by Next's server beside next.config.ts, outside the app's bundles.
      "cache-handler.mjs",
    ],
    rules: { "no-restricted-properties": "off" },
  },
];

export default config;
