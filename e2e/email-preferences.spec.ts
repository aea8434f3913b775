import { expect, test } from "@playwright/test";

import { seriousA11yViolations } from "./support/a11y";
import { accountMenu, signUpParent } from "./support/auth";
import { lookAt } from "./support/look";

/**
 * Issue 41: email preferences were reachable only from a link inside an email. A signed-in family
 * finds them from its profile (the account menu's Edit Profile), changes one, and the change is kept.
 */
test("a signed-in family reaches email preferences from the profile and turns the weekly digest off, which stays off", async ({ page }) => {
  await signUpParent(page, "Prefs Parent");

  await accountMenu(page).click();
  await page.getByRole("link", { name: "Edit Profile" }).click();
  await expect(page).toHaveURL(/\/user\/edit-profile$/);
  const onProfile = page.getByRole("region", { name: "Email preferences" });
  await expect(onProfile).toContainText("Choose which emails we send to");
  await onProfile.getByRole("link", { name: "Change email preferences" }).click();

  await expect(page).toHaveURL(/\/unsubscribe\/[A-Za-z0-9_-]{20,100}$/);
  const preferences = page.url();
  await expect(page.getByRole("heading", { level: 1, name: "Email preferences" })).toBeVisible();
  const digest = page.getByRole("region", { name: "Weekly digest" });
  await expect(digest.getByRole("status")).toHaveText(/^The weekly digest is on/);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await digest.getByRole("button", { name: "Turn the weekly digest off" }).click();
  await expect(digest.getByRole("status")).toHaveText(/^The weekly digest is off/);
  await expect(digest.getByRole("button", { name: "Turn the weekly digest on" })).toBeVisible();
  await lookAt(page, "email-preferences");

  // Saved: a later visit from the profile finds the same page (the address's one token) with the digest off.
  await page.goto("/user/edit-profile");
  await onProfile.getByRole("link", { name: "Change email preferences" }).click();
  await expect(page).toHaveURL(preferences);
  await expect(digest.getByRole("status")).toHaveText(/^The weekly digest is off/);
  // Everything else still comes: the family did not unsubscribe from all non-essential email.
  await expect(page.getByRole("button", { name: "Unsubscribe" })).toBeVisible();
});
