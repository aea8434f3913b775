// ESLint (flat config): Next's rules, the layers of lib/ (ARCHITECTURE "Layers in lib/"), no
// import cycles, and process.env read only by lib/platform/env.ts. Run by `npm run lint`, which
// `npm test` runs first (so CI does too).
import boundaries from "eslint-plugin-boundaries";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

/**
 * The layers, lowest first. A folder may import from its own layer's lower folders and from any
 * folder of a lower layer, never upwards: so no two folders can import each other in a circle.
 * A new domain goes into DOMAINS above what it uses (README "How it is built").
 */
const PLATFORM = ["core", "db", "security", "auth", "http", "outbox"];
const DOMAINS = [
  "audit",
  "courses",
  "accounts",
  "users",
  "teacher-applications",
  "teaching",
  "events",
  "notifications",
  "scheduling",
  "demo-requests",
  "dashboards",
  "blog",
  "commerce",
  "classroom",
  "privacy",
];
const TOP = ["wiring", "browser", "components", "app"];

const platformType = (name) => `platform:${name}`;
const domainType = (name) => `domain:${name}`;

const elements = [
  ...PLATFORM.filter((name) => name !== "core").map((name) => ({ type: platformType(name), pattern: `lib/platform/${name}` })),
  // The platform's root files: env, brand, constants, errors, consent, seo, zod.
  { type: platformType("core"), pattern: "lib/platform/*", mode: "file" },
  ...DOMAINS.map((name) => ({ type: domainType(name), pattern: `lib/${name}` })),
  { type: "wiring", pattern: "lib/wiring" },
  { type: "browser", pattern: "browser" },
  { type: "components", pattern: "components" },
  { type: "app", pattern: "app" },
  { type: "app", pattern: "{proxy,instrumentation}.ts", mode: "file" },
];

const above = (list, index) => list.slice(index + 1);
const disallow = (from, types) => ({ from: { element: { type: from } }, disallow: { to: { element: { types: { anyOf: types } } } } });

const layerPolicies = [
  ...PLATFORM.map((name, i) => disallow(platformType(name), [...above(PLATFORM, i).map(platformType), ...DOMAINS.map(domainType), ...TOP])),
  ...DOMAINS.map((name, i) => disallow(domainType(name), [...above(DOMAINS, i).map(domainType), ...TOP])),
  disallow("wiring", ["browser", "components", "app"]),
  disallow("browser", ["wiring", "components", "app"]),
  disallow("components", ["wiring", "app"]),
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
    plugins: { boundaries },
    settings: {
      "boundaries/elements": elements,
      "boundaries/include": ["app/**", "browser/**", "components/**", "lib/**", "proxy.ts", "instrumentation.ts"],
      "import/resolver": { typescript: { alwaysTryTypes: true }, node: true },
      // no-cycle follows local modules only; parsing packages (PGlite's bundle) is slow and pointless.
      "import/ignore": ["node_modules"],
    },
    rules: {
      "boundaries/dependencies": ["error", { default: "allow", policies: layerPolicies }],
      // Cycles between modules, as well as between folders (the layers above).
      "import/no-cycle": ["error", { ignoreExternal: true }],
      // STYLE: configuration in one place.
      "no-restricted-properties": [
        "error",
        { object: "process", property: "env", message: "Read configuration through lib/platform/env.ts (the only reader of process.env)." },
      ],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
    },
  },
  {
    // Tests may reach into any layer (an integration test drives a route through its domain).
    files: ["**/*.test.{ts,tsx}", "test/**", "e2e/**"],
    // require(): jest.isolateModules needs fresh module instances.
    rules: { "boundaries/dependencies": "off", "@typescript-eslint/no-require-imports": "off" },
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
    ],
    rules: { "no-restricted-properties": "off" },
  },
];

export default config;
