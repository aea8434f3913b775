import { readFileSync } from "node:fs";
import path from "node:path";

import { ENV_VARIABLES, parseEnv } from "./env";

describe("configuration (lib/env.ts)", () => {
  it("fills neutral defaults when nothing is configured", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PGLITE_DIR: ".data/pglite", APP_URL: "http://localhost:3000", SUPPORT_EMAIL: "support@example.com" });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("names the bad variable in its message", () => {
    expect(() => parseEnv({ SUPPORT_EMAIL: "not-an-email" })).toThrow(/SUPPORT_EMAIL/);
    expect(() => parseEnv({ DATABASE_URL: "nonsense" })).toThrow(/DATABASE_URL/);
    expect(() => parseEnv({ PRODUCT_SLUG: "Has Spaces" })).toThrow(/PRODUCT_SLUG/);
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

  it("documents every variable it reads in .env.example", () => {
    const example = readFileSync(path.join(__dirname, "..", ".env.example"), "utf8");
    // Set by Node tooling, Next and the host (Vercel), never by an operator.
    const setByTooling = new Set(["NODE_ENV", "NEXT_PHASE", "VERCEL"]);
    const undocumented = ENV_VARIABLES.filter((name) => !setByTooling.has(name) && !new RegExp(`^#? ?${name}=`, "m").test(example));
    expect(undocumented).toEqual([]);
  });
});
