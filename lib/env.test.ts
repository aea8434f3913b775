import { parseEnv } from "./env";

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

  it("treats an empty optional URL as unset", () => {
    expect(parseEnv({ DATABASE_URL: "", DEMO_FORWARD_URL: " " })).toMatchObject({ DATABASE_URL: undefined, DEMO_FORWARD_URL: undefined });
  });
});
