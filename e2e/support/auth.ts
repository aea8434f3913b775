import { randomUUID } from "node:crypto";

import { expect, type Page } from "@playwright/test";

import { DEMO_PASSWORD } from "./server";

export const demoAccount = (role: "student" | "teacher" | "admin" | "support") => ({
  email: `${role}@example.com`,
  password: DEMO_PASSWORD,
});

/** Signs in through the /signin form, as a person would, and waits for the signed-in bar. */
export async function signIn(page: Page, email: string, password: string) {
  await page.goto("/signin");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.locator("[data-role]")).toBeVisible();
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
  await expect(page.locator('[data-role="student"]')).toBeVisible();
  return email;
}
