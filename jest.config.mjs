import nextJest from "next/jest.js";

const createJestConfig = nextJest({ dir: "./" });

/** Unit and integration tests sit beside the code (lib/**, app/**); e2e/ is Playwright's. */
export default createJestConfig({
  testEnvironment: "node",
  testMatch: ["<rootDir>/{lib,app,components,scripts}/**/*.test.{ts,tsx}"],
  moduleNameMapper: {
    "^server-only$": "<rootDir>/lib/testing/empty-module.ts",
    "^@/(.*)$": "<rootDir>/$1",
  },
  setupFiles: ["<rootDir>/lib/testing/jest-env.ts"],
  globalSetup: "<rootDir>/lib/testing/jest-global-setup.mjs",
  globalTeardown: "<rootDir>/lib/testing/jest-global-teardown.mjs",
  testTimeout: 30_000,
});
