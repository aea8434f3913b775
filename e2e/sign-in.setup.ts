import { test as setup } from "@playwright/test";

import { DEMO_ROLES, demoAccount, signIn, signedInState } from "./support/auth";

/**
 * Signs each demo account in once, through the sign-in form as a person would, and saves the
 * browser's state (the session cookie); specs that act as a demo role start from it
 * (`pageAs`, or `test.use({ storageState })`) instead of signing in again. The sign-in itself is
 * what e2e/auth.spec.ts tests.
 */
for (const role of DEMO_ROLES) {
  setup(`sign in as the demo ${role}`, async ({ page }) => {
    const { email, password } = demoAccount(role);
    await signIn(page, email, password);
    await page.context().storageState({ path: signedInState(role) });
  });
}
