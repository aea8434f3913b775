import { randomUUID } from "node:crypto";

import { eq } from "drizzle-orm";

import { adminAuth } from "@/lib/platform/auth/firebase-admin";
import { signInWithPassword } from "@/lib/platform/auth/identity-toolkit";
import { users } from "@/lib/platform/db/schema";
import { DOCUMENTED_DEMO_PASSWORD } from "@/lib/platform/env";
import { openTestDatabase } from "@/test/database";

import { DEMO_ACCOUNTS, ensureDemoAccounts, findAccountsWithDemoPassword } from "./demo-accounts";

/**
 * Security issue: a server others can reach refuses to start while a demo account still accepts the
 * README's password (lib/wiring/start.ts). The check signs in as each account through the Identity
 * Toolkit REST API, which the Auth Emulator speaks as Firebase does.
 */
describe("finding accounts that still have the README's demo password", () => {
  // Unique addresses, so test files sharing the emulator do not see each other's accounts.
  const emails = ["admin", "teacher", "student"].map((role) => `${role}.${randomUUID().slice(0, 8)}@example.com`);
  const uids: string[] = [];
  afterAll(async () => {
    for (const uid of uids) await adminAuth().deleteUser(uid);
  });

  it("checks the four demo accounts of the README by default", () => {
    expect(DEMO_ACCOUNTS.map((account) => account.email)).toEqual([
      "student@example.com",
      "teacher@example.com",
      "admin@example.com",
      "support@example.com",
    ]);
  });

  it("names each account that signs in with it, and none once their passwords are changed or they are gone", async () => {
    const [admin = "", teacher = "", student = ""] = emails;
    for (const email of [admin, teacher]) uids.push((await adminAuth().createUser({ email, password: DOCUMENTED_DEMO_PASSWORD })).uid);
    uids.push((await adminAuth().createUser({ email: student, password: "a-real-password-9" })).uid);

    expect(await findAccountsWithDemoPassword([...emails, `nobody.${randomUUID().slice(0, 8)}@example.com`])).toEqual([admin, teacher]);

    await adminAuth().updateUser(uids[0] ?? "", { password: "changed-password-2" });
    await adminAuth().deleteUser(uids[1] ?? "");
    uids.splice(1, 1);
    expect(await findAccountsWithDemoPassword(emails)).toEqual([]);
  });
});

/**
 * The embedded default's demo accounts keep their uid when identity loses them (the Auth Emulator's
 * folder gone, a crash before it was written): every row keyed by the account stays linked.
 */
describe("re-creating a demo account identity lost", () => {
  const email = `student.${randomUUID().slice(0, 8)}@example.com`;
  const account = { email, role: "student" as const, displayName: "Demo Student" };
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.dispose();
    const record = await adminAuth()
      .getUserByEmail(email)
      .catch(() => null);
    if (record) await adminAuth().deleteUser(record.uid);
  });

  it("makes it first with a uid of its email, then again with the uid its database row has", async () => {
    await ensureDemoAccounts([account]);
    const first = await adminAuth().getUserByEmail(email);
    expect(first.uid).toBe(`demo-${email.split("@")[0]}`);
    const [row] = await database.db.select().from(users).where(eq(users.firebaseUid, first.uid));
    expect(row).toMatchObject({ email, role: "student" });

    // Lost by identity, and the row given another uid (an account made before uids were stable).
    await adminAuth().deleteUser(first.uid);
    const olderUid = `older-${randomUUID()}`;
    await database.db.update(users).set({ firebaseUid: olderUid }).where(eq(users.id, row!.id));
    await ensureDemoAccounts([account]);

    const again = await adminAuth().getUserByEmail(email);
    expect(again.uid).toBe(olderUid);
    const rows = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    expect(rows).toEqual([{ id: row!.id }]);
    expect((await signInWithPassword(email, DOCUMENTED_DEMO_PASSWORD)).localId).toBe(olderUid);
  });
});
