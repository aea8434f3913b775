import { randomUUID } from "node:crypto";
import { readFile, rename, stat } from "node:fs/promises";
import path from "node:path";

import { expect, type Browser, type Cookie, type Page } from "@playwright/test";

import { baseURL, DEMO_PASSWORD, E2E_STATE_DIR } from "./server";

export const DEMO_ROLES = ["student", "teacher", "admin", "support"] as const;
export type DemoRole = (typeof DEMO_ROLES)[number];

export const demoAccount = (role: DemoRole) => ({
  email: `${role}@example.com`,
  password: DEMO_PASSWORD,
});

/** Where the demo role's signed-in browser state is saved (e2e/sign-in.setup.ts, freshSignedInState). */
export const signedInState = (role: DemoRole) => path.join(E2E_STATE_DIR, `${role}.json`);

/**
 * A saved state older than this is signed in again before use: a staff session ends after 30 idle
 * minutes (lib/platform/auth/session-limits.ts), and the saved cookie's activity time is its sign-in,
 * so a run longer than that (one on a loaded machine took 45 minutes) failed every staff test after
 * the 30th minute with "session idle". E2E_STATE_FRESH_MS=0 renews before every use (to try the renewal).
 */
const STATE_FRESH_MS = Number(process.env.E2E_STATE_FRESH_MS ?? 15 * 60_000);

/**
 * The demo role's signed-in browser state, signed in again through the form (in a context of its own)
 * when the saved one is older than STATE_FRESH_MS. Two workers may both renew it: each writes a whole
 * file and renames it into place, so a reader sees one or the other, both valid.
 */
export async function freshSignedInState(browser: Browser, role: DemoRole): Promise<string> {
  const file = signedInState(role);
  if (Date.now() - (await stat(file)).mtimeMs < STATE_FRESH_MS) return file;
  const context = await browser.newContext();
  try {
    const { email, password } = demoAccount(role);
    await signIn(await context.newPage(), email, password);
    const written = `${file}.${process.pid}.tmp`;
    await context.storageState({ path: written });
    await rename(written, file);
  } finally {
    await context.close();
  }
  return file;
}

/** The cookie banner already answered, so it covers neither buttons nor screenshots. */
export const consentCookie = (url = baseURL) => ({ name: "cookie_consent", value: "true", url });

/**
 * Signs `page`'s browser context in as the demo `role` from the state e2e/sign-in.setup.ts saved,
 * without the sign-in form (which e2e/auth.spec.ts tests); the page navigates nowhere.
 */
export async function signInAs(page: Page, role: DemoRole): Promise<void> {
  const file = await freshSignedInState(page.context().browser()!, role);
  // Read each time, not kept: another worker may have renewed the file.
  const state = JSON.parse(await readFile(file, "utf8")) as { cookies: Cookie[] };
  await page.context().addCookies(state.cookies);
}

/**
 * A page in a browser context of its own, signed in as the demo `role` (no sign-in form: the saved
 * state), with the cookie banner answered unless `consent: false`.
 */
export async function pageAs(browser: Browser, role: DemoRole, options: { consent?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({ storageState: await freshSignedInState(browser, role) });
  if (options.consent !== false) await context.addCookies([consentCookie()]);
  return context.newPage();
}

/** Signs in through the /signin form, as a person would, and waits for the signed-in bar. */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto("/signin");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  // A family now lands on My courses, a page rendered per request (not the static home page).
  await expect(page.locator("[data-role]")).toBeVisible({ timeout: 15_000 });
}

export function accountMenu(page: Page) {
  return page.locator("[data-role] summary");
}

export async function logOut(page: Page) {
  await accountMenu(page).click();
  await page.getByRole("button", { name: "Logout" }).click();
}

/**
 * A fresh parent account through /signup, signed in (the demo student's wallet and cart belong to
 * the specs that assert them to the cent); its email, a new one unless given.
 */
export async function signUpParent(page: Page, name: string, email = `parent.${randomUUID().slice(0, 8)}@example.com`): Promise<string> {
  await page.goto("/signup");
  await page.getByLabel("Your name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill("parent-pass-12345");
  await page.getByRole("button", { name: "Create account" }).click();
  // As signIn: an account made and signed in through the emulator takes more than 5 s on a busy machine.
  await expect(page.locator('[data-role="student"]')).toBeVisible({ timeout: 15_000 });
  return email;
}
