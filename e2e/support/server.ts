/**
 * How the e2e server runs (playwright.config.ts starts it with these values), so that
 * specs derive brand routes from the same constants instead of guessing lib/brand.ts's default.
 */
export const E2E_PORT = 3100;
export const baseURL = `http://localhost:${E2E_PORT}`;
/** Passed explicitly, so a developer's .env with another brand does not change what the tests expect. */
export const E2E_PRODUCT_NAME = "Brightside";
export const E2E_PRODUCT_SLUG = "brightside";
/** Removed before each server start: every run begins with a freshly migrated and seeded database. */
export const E2E_PGLITE_DIR = ".data/e2e-pglite";

/** The e2e server's own Auth Emulator and its accounts, removed before each server start. */
export const E2E_AUTH_EMULATOR_PORT = 9299;
export const E2E_AUTH_DIR = ".data/e2e-auth";
export const DEMO_PASSWORD = "demo-password-1";

/** SPEC 2: the routes that carry the brand. */
export const brandPaths = {
  join: `/join-${E2E_PRODUCT_SLUG}`,
  wallet: `/user/${E2E_PRODUCT_SLUG}-coin`,
} as const;
