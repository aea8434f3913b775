import "server-only";

import { setUserRole } from "@/lib/auth/accounts";
import { identityConfig } from "@/lib/auth/config";
import { adminAuth } from "@/lib/auth/firebase-admin";
import { ROLES, type Role } from "@/lib/auth/roles";

/** The embedded default's demo accounts, one per role (listed in the README). */
export const DEMO_ACCOUNTS: Array<{ email: string; role: Role; displayName: string }> = ROLES.map((role) => ({
  email: `${role}@example.com`,
  role,
  displayName: `Demo ${role.charAt(0).toUpperCase()}${role.slice(1)}`,
}));

/** Creates any missing demo account and (re)sets its role; safe to run at every start. */
export async function ensureDemoAccounts(): Promise<void> {
  const auth = adminAuth();
  for (const account of DEMO_ACCOUNTS) {
    const existing = await auth.getUserByEmail(account.email).catch(() => null);
    if (!existing) {
      await auth.createUser({ email: account.email, password: identityConfig.demoPassword, displayName: account.displayName });
    }
    await setUserRole(account.email, account.role);
  }
}
