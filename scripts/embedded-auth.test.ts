import { demoAccountsDecision, emulatorFallbackProblem, listenHost } from "./embedded-auth.mjs";

const firebaseProject = {
  FIREBASE_PROJECT_ID: "acme-classes",
  FIREBASE_CLIENT_EMAIL: "admin@acme-classes.iam.gserviceaccount.com",
  FIREBASE_PRIVATE_KEY: "-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----\n",
  FIREBASE_API_KEY: "web-api-key",
};

describe("the start scripts' fallback to the emulator", () => {
  it("is the embedded default when nothing is configured", () => {
    expect(emulatorFallbackProblem({})).toBeNull();
    expect(emulatorFallbackProblem({ FIREBASE_PROJECT_ID: "demo-e2e" })).toBeNull();
  });

  it("is refused when Firebase is half configured, naming what is missing", () => {
    const { FIREBASE_API_KEY: _omitted, ...withoutKey } = firebaseProject;
    expect(emulatorFallbackProblem(withoutKey)).toMatch(/FIREBASE_API_KEY is missing/);
  });

  it("is refused in front of a PostgreSQL database unless explicitly allowed", () => {
    expect(emulatorFallbackProblem({ DATABASE_URL: "postgres://db.internal/app" })).toMatch(/DATABASE_URL is set/);
    expect(emulatorFallbackProblem({ DATABASE_URL: "postgres://db.internal/app", ALLOW_AUTH_EMULATOR: "true" })).toBeNull();
    expect(emulatorFallbackProblem({ DATABASE_URL: "postgres://db.internal/app", ...firebaseProject })).toBeNull();
  });
});

describe("npm start and npm run dev on this machine only (security issue: demo accounts reachable from outside)", () => {
  it("listen on loopback unless HOST says otherwise", () => {
    expect(listenHost({})).toBe("127.0.0.1");
    expect(listenHost({ HOST: "0.0.0.0" })).toBe("0.0.0.0");
  });

  it("refuse the emulator on a reachable HOST unless explicitly allowed", () => {
    expect(emulatorFallbackProblem({ HOST: "0.0.0.0" })).toMatch(/HOST=0\.0\.0\.0 makes the server reachable from other machines/);
    expect(emulatorFallbackProblem({ HOST: "0.0.0.0", ALLOW_AUTH_EMULATOR: "true" })).toBeNull();
    expect(emulatorFallbackProblem({ HOST: "0.0.0.0", ...firebaseProject })).toBeNull();
    expect(emulatorFallbackProblem({ HOST: "::1" })).toBeNull();
  });

  it("make the demo accounts only with the emulator, on loopback, and without NODE_ENV=production, unless SEED_DEMO_ACCOUNTS says so", () => {
    expect(demoAccountsDecision({})).toMatchObject({ seed: true });
    expect(demoAccountsDecision({ NODE_ENV: "production" })).toEqual({ seed: false, reason: expect.stringMatching(/NODE_ENV=production/) });
    expect(demoAccountsDecision({ HOST: "0.0.0.0", ALLOW_AUTH_EMULATOR: "true" })).toEqual({
      seed: false,
      reason: expect.stringMatching(/reachable from other machines/),
    });
    expect(demoAccountsDecision(firebaseProject)).toMatchObject({ seed: false });
    expect(demoAccountsDecision({ NODE_ENV: "production", SEED_DEMO_ACCOUNTS: "true" })).toMatchObject({ seed: true });
    expect(demoAccountsDecision({ SEED_DEMO_ACCOUNTS: "false" })).toMatchObject({ seed: false });
  });
});
