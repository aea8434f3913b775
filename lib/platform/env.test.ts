import { readFileSync } from "node:fs";
import path from "node:path";

import { ENV_VARIABLES, parseEnv } from "./env";

describe("configuration (lib/platform/env.ts)", () => {
  it("fills neutral defaults when nothing is configured", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PGLITE_DIR: ".data/pglite", APP_URL: "http://localhost:3000", SUPPORT_EMAIL: "support@example.com" });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("defaults the demo slots to 30 minutes, at least 12 hours ahead, and refuses a bad length", () => {
    expect(parseEnv({})).toMatchObject({ DEMO_SLOT_MINUTES: 30, DEMO_LEAD_TIME_HOURS: 12 });
    expect(parseEnv({ DEMO_SLOT_MINUTES: "45", DEMO_LEAD_TIME_HOURS: "2" })).toMatchObject({
      DEMO_SLOT_MINUTES: 45,
      DEMO_LEAD_TIME_HOURS: 2,
    });
    expect(() => parseEnv({ DEMO_SLOT_MINUTES: "0" })).toThrow(/DEMO_SLOT_MINUTES/);
  });

  it("names the bad variable in its message", () => {
    expect(() => parseEnv({ SUPPORT_EMAIL: "not-an-email" })).toThrow(/SUPPORT_EMAIL/);
    expect(() => parseEnv({ DATABASE_URL: "nonsense" })).toThrow(/DATABASE_URL/);
    expect(() => parseEnv({ PRODUCT_SLUG: "Has Spaces" })).toThrow(/PRODUCT_SLUG/);
  });

  it("names an invalid SMTP_URL or MAIL_FROM at start, and takes smtp:// and smtps:// URLs", () => {
    expect(() => parseEnv({ SMTP_URL: "mail.example.com:587" })).toThrow(/SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/);
    expect(() => parseEnv({ SMTP_URL: "https://mail.example.com" })).toThrow(/SMTP_URL/);
    expect(() => parseEnv({ MAIL_FROM: "Brightside <not an address>" })).toThrow(/MAIL_FROM/);
    expect(parseEnv({ SMTP_URL: "smtps://u:p@mail.example.com:465", MAIL_FROM: "Brightside <hello@example.com>" })).toMatchObject({
      SMTP_URL: "smtps://u:p@mail.example.com:465",
      MAIL_FROM: "Brightside <hello@example.com>",
    });
    expect(parseEnv({ SMTP_URL: "" }).SMTP_URL).toBeUndefined();
  });

  it("names an invalid REDIS_URL at start, and takes redis:// and rediss:// URLs (issue 30)", () => {
    expect(() => parseEnv({ REDIS_URL: "127.0.0.1:6379" })).toThrow(/REDIS_URL: must be a redis:\/\/ or rediss:\/\/ URL/);
    expect(() => parseEnv({ REDIS_URL: "http://127.0.0.1:6379" })).toThrow(/REDIS_URL/);
    expect(parseEnv({ REDIS_URL: "rediss://user:secret@cache.example.com:6380" }).REDIS_URL).toBe(
      "rediss://user:secret@cache.example.com:6380",
    );
    expect(parseEnv({ REDIS_URL: "" }).REDIS_URL).toBeUndefined();
    expect(() => parseEnv({ REDIS_KEY_PREFIX: "has spaces" })).toThrow(/REDIS_KEY_PREFIX/);
  });

  it("treats an empty variable as unset", () => {
    const env = parseEnv({ FIREBASE_AUTH_EMULATOR_HOST: "", PGLITE_DIR: "" });
    expect(env.FIREBASE_AUTH_EMULATOR_HOST).toBeUndefined();
    expect(env.PGLITE_DIR).toBe(".data/pglite");
  });

  it("treats a blank optional URL as unset", () => {
    const env = parseEnv({ DATABASE_URL: "", DEMO_FORWARD_URL: " " });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.DEMO_FORWARD_URL).toBeUndefined();
  });

  it("payments: USD by default; a Stripe key needs its webhook secret; the API stand-in is http on loopback only in production", () => {
    expect(parseEnv({})).toMatchObject({ CURRENCY: "USD", CHECKOUT_HOLD_MINUTES: 35 });
    expect(() => parseEnv({ CURRENCY: "usd" })).toThrow(/CURRENCY/);
    expect(() => parseEnv({ STRIPE_SECRET_KEY: "sk_test_1" })).toThrow(/STRIPE_WEBHOOK_SECRET: is required when STRIPE_SECRET_KEY is set/);
    expect(parseEnv({ STRIPE_SECRET_KEY: "sk_test_1", STRIPE_WEBHOOK_SECRET: "whsec_1" }).STRIPE_SECRET_KEY).toBe("sk_test_1");
    expect(() => parseEnv({ NODE_ENV: "production", STRIPE_API_URL: "http://stripe.example.com" })).toThrow(/STRIPE_API_URL/);
    expect(parseEnv({ NODE_ENV: "production", STRIPE_API_URL: "http://127.0.0.1:12111" }).STRIPE_API_URL).toBe("http://127.0.0.1:12111");
  });

  it("takes a TURN server as comma-separated turn:/turns: URIs with its secret, both or neither", () => {
    const secret = "coturn-static-auth-secret-for-tests";
    expect(parseEnv({ TURN_URLS: "turn:turn.example.org:3478, turns:turn.example.org:5349", TURN_SECRET: secret }).TURN_URLS).toEqual([
      "turn:turn.example.org:3478",
      "turns:turn.example.org:5349",
    ]);
    expect(() => parseEnv({ TURN_URLS: "turn:turn.example.org:3478" })).toThrow(
      /TURN_SECRET: is required when the other TURN variable is set/,
    );
    expect(() => parseEnv({ TURN_SECRET: secret })).toThrow(/TURN_URLS: is required when the other TURN variable is set/);
    expect(() => parseEnv({ TURN_URLS: "https://turn.example.org", TURN_SECRET: secret })).toThrow(/TURN_URLS.*turn:, turns: or stun: URI/);
    expect(parseEnv({}).TURN_URLS).toBeUndefined();
  });

  it("takes only an https forward target in production: leads are personal data", () => {
    expect(() => parseEnv({ NODE_ENV: "production", DEMO_FORWARD_URL: "http://crm.example.com/leads" })).toThrow(
      /DEMO_FORWARD_URL: must be an https URL in production/,
    );
    expect(parseEnv({ NODE_ENV: "production", DEMO_FORWARD_URL: "https://crm.example.com/leads" }).DEMO_FORWARD_URL).toBe(
      "https://crm.example.com/leads",
    );
    // Development and tests may use a local http target.
    expect(parseEnv({ NODE_ENV: "test", DEMO_FORWARD_URL: "http://127.0.0.1:4000/leads" }).DEMO_FORWARD_URL).toBe(
      "http://127.0.0.1:4000/leads",
    );
  });

  it("reads PRACTICE_PYTHON_URL: a default when unset, empty (the link hidden) when set empty, https only", () => {
    expect(parseEnv({}).PRACTICE_PYTHON_URL).toBe("https://www.practicepython.org/");
    expect(parseEnv({ PRACTICE_PYTHON_URL: "" }).PRACTICE_PYTHON_URL).toBe("");
    expect(parseEnv({ PRACTICE_PYTHON_URL: "  " }).PRACTICE_PYTHON_URL).toBe("");
    expect(parseEnv({ PRACTICE_PYTHON_URL: "https://practice.example.org/" }).PRACTICE_PYTHON_URL).toBe("https://practice.example.org/");
    expect(() => parseEnv({ PRACTICE_PYTHON_URL: "http://practice.example.org/" })).toThrow(/PRACTICE_PYTHON_URL/);
    expect(() => parseEnv({ PRACTICE_PYTHON_URL: "javascript:alert(1)" })).toThrow(/PRACTICE_PYTHON_URL/);
  });

  it("reads each SOCIAL_*_URL as an optional https URL, empty meaning unset", () => {
    const env = parseEnv({ SOCIAL_FACEBOOK_URL: "https://www.facebook.com/acme", SOCIAL_YOUTUBE_URL: "" });
    expect(env.SOCIAL_FACEBOOK_URL).toBe("https://www.facebook.com/acme");
    expect(env.SOCIAL_YOUTUBE_URL).toBeUndefined();
    expect(parseEnv({}).SOCIAL_LINKEDIN_URL).toBeUndefined();
    expect(() => parseEnv({ SOCIAL_INSTAGRAM_URL: "instagram.com/acme" })).toThrow(/SOCIAL_INSTAGRAM_URL/);
  });

  it("documents every variable it reads in .env.example", () => {
    const example = readFileSync(path.join(__dirname, "..", "..", ".env.example"), "utf8");
    // Set by Node tooling, Next, the host (Vercel) and the test harness (the template database), never by an operator.
    const setByTooling = new Set(["NODE_ENV", "NEXT_PHASE", "VERCEL", "PGLITE_TEMPLATE"]);
    const undocumented = ENV_VARIABLES.filter((name) => !setByTooling.has(name) && !new RegExp(`^#? ?${name}=`, "m").test(example));
    expect(undocumented).toEqual([]);
  });
});
