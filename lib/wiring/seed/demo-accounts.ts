import "server-only";

import { asc, eq, sql } from "drizzle-orm";

import { setUserRole } from "@/lib/accounts/accounts";
import { identityConfig } from "@/lib/platform/auth/config";
import { identityCodeOf } from "@/lib/platform/auth/errors";
import { adminAuth } from "@/lib/platform/auth/firebase-admin";
import { signInWithPassword } from "@/lib/platform/auth/identity-toolkit";
import { ROLES, type Role } from "@/lib/platform/auth/roles";
import { getDb } from "@/lib/platform/db/client";
import { users } from "@/lib/platform/db/schema";
import { DOCUMENTED_DEMO_PASSWORD } from "@/lib/platform/env";
import { assignDemoTeacherCourses } from "@/lib/teachers/demo-courses";

/** The embedded default's demo accounts, one per role (listed in the README). */
export const DEMO_ACCOUNTS: Array<{ email: string; role: Role; displayName: string }> = ROLES.map((role) => ({
  email: `${role}@example.com`,
  role,
  displayName: `Demo ${role.charAt(0).toUpperCase()}${role.slice(1)}`,
}));

/**
 * The uid a missing demo account is created with: the one its database row already has (the oldest
 * row with its email, of its role first), so the rows keyed by it (children, Cash, classes, a
 * teacher's profile) stay linked when identity lost the account (the Auth Emulator's folder deleted
 * or lost); else one made from the email, the same at every start.
 */
export async function demoAccountUid(account: { email: string; role: Role }): Promise<string> {
  const db = await getDb();
  const [row] = await db
    .select({ firebaseUid: users.firebaseUid })
    .from(users)
    .where(eq(sql`lower(${users.email})`, account.email.toLowerCase()))
    .orderBy(sql`${users.role} <> ${account.role}`, asc(users.id))
    .limit(1);
  return row?.firebaseUid ?? `demo-${account.email.toLowerCase().split("@")[0]}`;
}

/**
 * Creates any missing demo account (with a stable uid: demoAccountUid) and (re)sets its role, then
 * gives the demo teacher a few courses so their dashboard is not empty; safe to run at every start.
 */
export async function ensureDemoAccounts(
  accounts: ReadonlyArray<{ email: string; role: Role; displayName: string }> = DEMO_ACCOUNTS,
): Promise<void> {
  const auth = adminAuth();
  for (const account of accounts) {
    const existing = await auth.getUserByEmail(account.email).catch(() => null);
    if (!existing) {
      // Verified: the demo family's addresses are ours (example.com), and a newcomer should see
      // /my-courses as a verified parent does, not the "verify your email" notice.
      await auth.createUser({
        uid: await demoAccountUid(account),
        email: account.email,
        emailVerified: true,
        password: identityConfig.demoPassword,
        displayName: account.displayName,
      });
    } else if (identityConfig.usesEmulator) {
      // The README's password holds at every start of the embedded default, even after a demo
      // user changed it; a real Firebase project's accounts are never reset.
      await auth.updateUser(existing.uid, { password: identityConfig.demoPassword, emailVerified: true });
    }
    const row = await setUserRole(account.email, account.role);
    if (account.role === "teacher") await assignDemoTeacherCourses(row.id);
  }
}

/** What a sign-in with the wrong password, or for nobody, answers (emulator and production). */
const REFUSED_SIGN_IN = new Set(["INVALID_PASSWORD", "INVALID_LOGIN_CREDENTIALS", "EMAIL_NOT_FOUND", "USER_NOT_FOUND", "USER_DISABLED"]);

/**
 * The demo accounts that still accept the README's password, found the way an attacker would: by
 * signing in as each through the Identity Toolkit REST API. A server anyone can reach must find
 * none (startServer refuses to start otherwise). Throws when the answer is neither a sign-in nor a
 * refusal (identity unreachable, throttled), so the caller knows the check did not happen.
 */
export async function findAccountsWithDemoPassword(
  emails: readonly string[] = DEMO_ACCOUNTS.map((account) => account.email),
  password = DOCUMENTED_DEMO_PASSWORD,
): Promise<string[]> {
  const found: string[] = [];
  for (const email of emails) {
    try {
      await signInWithPassword(email, password);
      found.push(email);
    } catch (error) {
      const code = identityCodeOf(error).split(" : ")[0]?.trim() ?? "";
      if (!REFUSED_SIGN_IN.has(code)) throw new Error(`could not check ${email}: ${code}`);
    }
  }
  return found;
}
