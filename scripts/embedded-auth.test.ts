import { emulatorFallbackProblem } from "./embedded-auth.mjs";

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
