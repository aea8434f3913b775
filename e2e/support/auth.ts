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
