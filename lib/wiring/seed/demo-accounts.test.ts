import { randomUUID } from "node:crypto";

import { adminAuth } from "@/lib/platform/auth/firebase-admin";
import { DOCUMENTED_DEMO_PASSWORD } from "@/lib/platform/env";

import { DEMO_ACCOUNTS, findAccountsWithDemoPassword } from "./demo-accounts";

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
