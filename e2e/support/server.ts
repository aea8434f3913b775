/**
 * How the e2e server runs (playwright.config.ts starts it with these values), so that
 * specs derive brand routes from the same constants instead of guessing lib/brand.ts's default.
 */
// E2E_PORT moves a whole second instance (port, build folder, database, emulator), so two
// checkouts' or two people's browser tests can run side by side.
export const E2E_PORT = Number(process.env.E2E_PORT || 3100);
const instance = E2E_PORT === 3100 ? "" : `-${E2E_PORT}`;
export const E2E_DIST_DIR = `.next-e2e${instance}`;
export const baseURL = `http://localhost:${E2E_PORT}`;
/**
 * Passed explicitly, so a developer's .env with another brand does not change what the tests expect;
 * not lib/brand.ts's default, so a route or label that ignores the configuration fails a test.
 */
export const E2E_PRODUCT_NAME = "Maple Grove";
export const E2E_PRODUCT_SLUG = "maplegrove";
/** Removed before each server start: every run begins with a freshly migrated and seeded database. */
export const E2E_PGLITE_DIR = `.data/e2e-pglite${instance}`;

/** The e2e server's own Auth Emulator and its accounts, removed before each server start. */
export const E2E_AUTH_EMULATOR_PORT = 9299 + (E2E_PORT - 3100) * 3;
export const E2E_AUTH_DIR = `.data/e2e-auth${instance}`;
export const DEMO_PASSWORD = "demo-password-1";

/** SPEC 2: the routes that carry the brand. */
export const brandPaths = {
  join: `/join-${E2E_PRODUCT_SLUG}`,
  wallet: `/user/${E2E_PRODUCT_SLUG}-coin`,
} as const;
