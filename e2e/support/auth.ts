import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";

import { expect, type Browser, type Cookie, type Page } from "@playwright/test";

import { baseURL, DEMO_PASSWORD, E2E_STATE_DIR } from "./server";

export const DEMO_ROLES = ["student", "teacher", "admin", "support"] as const;
export type DemoRole = (typeof DEMO_ROLES)[number];

export const demoAccount = (role: DemoRole) => ({
  email: `${role}@example.com`,
  password: DEMO_PASSWORD,
});

/**
 * The demo role's signed-in browser state (e2e/sign-in.setup.ts saves it before any spec runs):
 * `test.use({ storageState: signedInState("admin") })` starts a spec's pages signed in.
 */
export const signedInState = (role: DemoRole) => path.join(E2E_STATE_DIR, `${role}.json`);

/** The cookie banner already answered, so it covers neither buttons nor screenshots. */
export const consentCookie = (url = baseURL) => ({ name: "cookie_consent", value: "true", url });

const savedCookies = new Map<DemoRole, Cookie[]>();

/**
 * Signs `page`'s browser context in as the demo `role` from the state e2e/sign-in.setup.ts saved,
 * without the sign-in form (which e2e/auth.spec.ts tests); the page navigates nowhere.
 */
export async function signInAs(page: Page, role: DemoRole): Promise<void> {
  if (!savedCookies.has(role)) {
    const state = JSON.parse(await readFile(signedInState(role), "utf8")) as { cookies: Cookie[] };
    savedCookies.set(role, state.cookies);
  }
  await page.context().addCookies(savedCookies.get(role)!);
}

/**
 * A page in a browser context of its own, signed in as the demo `role` (no sign-in form: the saved
 * state), with the cookie banner answered unless `consent: false`.
 */
export async function pageAs(browser: Browser, role: DemoRole, options: { consent?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({ storageState: signedInState(role) });
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
