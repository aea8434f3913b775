import { expect, test } from "@playwright/test";

import { demoAccount, signIn } from "./support/auth";
import { lookAt } from "./support/look";

/**
 * Issue 39, "a daily job runs the same check and tells admins on their dashboard": the embedded
 * default's demo data (seats bought, a class running, a month paid) is audited at start, after its
 * seats were given their entitlements, and the admin dashboard shows the run: every seat adds up.
 */
test("the admin dashboard shows the last money audit: the seeded seats and wallets all add up", async ({ page }) => {
  const admin = demoAccount("admin");
  await signIn(page, admin.email, admin.password);
  await page.goto("/admin/dashboard");
  const audit = page.getByRole("region", { name: "Money audit" });
  await expect(audit).toContainText(/Last run .+: \d+ seats and \d+ wallets checked\./);
  await expect(audit).toContainText("Every seat and wallet adds up.");
  await expect(audit.getByRole("alert")).toHaveCount(0);
  await lookAt(audit, "money-audit", { fullPage: false });
});
