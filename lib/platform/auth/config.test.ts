import { identityConfigProblems, shouldSeedDemoAccounts } from "./config";
import { parseEnv } from "../env";

const SECRET = "s".repeat(40);
const firebaseProject = {
  FIREBASE_PROJECT_ID: "acme-classes",
  FIREBASE_CLIENT_EMAIL: "admin@acme-classes.iam.gserviceaccount.com",
  FIREBASE_PRIVATE_KEY: "-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----\n",
  FIREBASE_API_KEY: "web-api-key",
};

describe("identity configuration at start (issue 3: production refuses the emulator unless allowed)", () => {
  const problems = (vars: Record<string, string>) => identityConfigProblems(parseEnv(vars));

  it("refuses the Auth Emulator in production unless ALLOW_AUTH_EMULATOR=true", () => {
    expect(problems({ NODE_ENV: "production", FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099", NEXTAUTH_SECRET: SECRET })).toEqual([
      expect.stringMatching(/refusing to run against the Auth Emulator/),
    ]);
    expect(
      problems({
        NODE_ENV: "production",
        FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099",
        ALLOW_AUTH_EMULATOR: "true",
        NEXTAUTH_SECRET: SECRET,
      }),
    ).toEqual([]);
  });

  it("names every missing Firebase variable and the session secret in production", () => {
    const found = problems({ NODE_ENV: "production", FIREBASE_PROJECT_ID: "acme-classes" });
    expect(found.join("\n")).toMatch(/FIREBASE_CLIENT_EMAIL/);
    expect(found.join("\n")).toMatch(/FIREBASE_PRIVATE_KEY/);
    expect(found.join("\n")).toMatch(/FIREBASE_API_KEY/);
    expect(found.join("\n")).toMatch(/NEXTAUTH_SECRET/);
    expect(found.join("\n")).not.toMatch(/FIREBASE_PROJECT_ID/);
  });

  it("accepts a complete Firebase project, and asks nothing in development", () => {
    expect(problems({ NODE_ENV: "production", ...firebaseProject, NEXTAUTH_SECRET: SECRET })).toEqual([]);
    expect(problems({ NODE_ENV: "development" })).toEqual([]);
  });
});

describe("demo accounts (security issue: the README's password, an admin among them)", () => {
  const seeds = (vars: Record<string, string>) => shouldSeedDemoAccounts(parseEnv(vars));
  const emulator = { FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099" };

  it("are made with the Auth Emulator only when the server listens on this machine", () => {
    expect(seeds({ ...emulator, HOST: "127.0.0.1" })).toBe(true);
    expect(seeds({ ...emulator, HOST: "::1" })).toBe(true);
    expect(seeds({ ...emulator, HOST: "localhost" })).toBe(true);
    // Every interface (no HOST, as Node listens by default) or a public one: none.
    expect(seeds({ ...emulator })).toBe(false);
    expect(seeds({ ...emulator, HOST: "0.0.0.0" })).toBe(false);
    expect(seeds({ ...emulator, HOST: "::" })).toBe(false);
    expect(seeds({ ...emulator, HOST: "192.168.1.20" })).toBe(false);
  });

  it("are never made in a Firebase project unless SEED_DEMO_ACCOUNTS says so, which decides either way", () => {
    expect(seeds({ ...firebaseProject, HOST: "127.0.0.1" })).toBe(false);
    expect(seeds({ ...firebaseProject, SEED_DEMO_ACCOUNTS: "true" })).toBe(true);
    expect(seeds({ ...emulator, HOST: "0.0.0.0", SEED_DEMO_ACCOUNTS: "true" })).toBe(true);
    expect(seeds({ ...emulator, HOST: "127.0.0.1", SEED_DEMO_ACCOUNTS: "false" })).toBe(false);
  });
});
