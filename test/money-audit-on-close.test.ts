import { randomUUID } from "node:crypto";

import { ledgerEntries, users } from "@/lib/platform/db/schema";

import { openTestDatabase } from "./database";

/**
 * CI runs the money audit against the databases its tests leave behind: every test file's database
 * is audited when it closes (test/database.ts), and a mismatch fails the file with it printed.
 */
test("a test database left with a wallet below zero fails its file when it closes, naming the account", async () => {
  const database = await openTestDatabase();
  const [user] = await database.db
    .insert(users)
    .values({ firebaseUid: `test-${randomUUID()}`, email: `p-${randomUUID().slice(0, 8)}@example.com` })
    .returning({ id: users.id });
  await database.db
    .insert(ledgerEntries)
    .values({ userId: user!.id, kind: "adjustment", amountMinor: -500, currency: "USD", reason: "By hand" });
  await expect(database.dispose()).rejects.toThrow(new RegExp(`account ${user!.id}: Cash balance -500 below zero`));
});

test("one left consistent closes quietly", async () => {
  const database = await openTestDatabase();
  await expect(database.dispose()).resolves.toBeUndefined();
});
