import "server-only";

import { setUserRole } from "@/lib/auth/accounts";
import { identityConfig } from "@/lib/auth/config";
import { adminAuth } from "@/lib/auth/firebase-admin";
import { ROLES, type Role } from "@/lib/auth/roles";
import { assignDemoTeacherCourses } from "@/lib/teaching/demo-courses";

/** The embedded default's demo accounts, one per role (listed in the README). */
export const DEMO_ACCOUNTS: Array<{ email: string; role: Role; displayName: string }> = ROLES.map((role) => ({
  email: `${role}@example.com`,
  role,
  displayName: `Demo ${role.charAt(0).toUpperCase()}${role.slice(1)}`,
}));

/**
 * Creates any missing demo account and (re)sets its role, then gives the demo teacher a few
 * courses so their dashboard is not empty; safe to run at every start.
 */
export async function ensureDemoAccounts(): Promise<void> {
  const auth = adminAuth();
  for (const account of DEMO_ACCOUNTS) {
    const existing = await auth.getUserByEmail(account.email).catch(() => null);
    if (!existing) {
      await auth.createUser({ email: account.email, password: identityConfig.demoPassword, displayName: account.displayName });
    } else if (identityConfig.usesEmulator) {
      // The README's password holds at every start of the embedded default, even after a demo
      // user changed it; a real Firebase project's accounts are never reset.
      await auth.updateUser(existing.uid, { password: identityConfig.demoPassword });
    }
    const row = await setUserRole(account.email, account.role);
    if (account.role === "teacher") await assignDemoTeacherCourses(row.id);
  }
}
