import nextJest from "next/jest.js";

const createJestConfig = nextJest({ dir: "./" });

/** Unit and integration tests sit beside the code (lib/**, app/**); e2e/ is Playwright's. */
export default createJestConfig({
  testEnvironment: "node",
  testMatch: ["<rootDir>/{lib,app,browser,components,scripts,test}/**/*.test.{ts,tsx}"],
  moduleNameMapper: {
    "^server-only$": "<rootDir>/test/empty-module.ts",
    "^@/(.*)$": "<rootDir>/$1",
  },
  setupFiles: ["<rootDir>/test/jest-env.ts"],
  globalSetup: "<rootDir>/test/jest-global-setup.mjs",
  globalTeardown: "<rootDir>/test/jest-global-teardown.mjs",
  // The long files first (test/sequencer.cjs): a fresh clone has no timings of a last run.
  testSequencer: "<rootDir>/test/sequencer.cjs",
  testTimeout: 30_000,
});
