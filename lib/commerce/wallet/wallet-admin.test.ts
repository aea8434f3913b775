import { eq } from "drizzle-orm";

import { auditEvents, users } from "@/lib/platform/db/schema/index";
import { newFamily } from "@/test/commerce-fixtures";
import { openTestDatabase } from "@/test/database";
import { insertActor } from "@/test/fixtures";

import { balanceOf, getWallet } from "./ledger";
import { adjustWallet, WALLET_ADJUSTMENT_MESSAGES } from "./wallet-admin";

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.dispose());
const db = () => database.db;

test("an admin adjusts a wallet with a reason, audited; never below zero; bad input and other roles refused, nothing changed", async () => {
  const admin = await insertActor(db(), "admin");
  const family = await newFamily(db(), 1_000);
  const [parent] = await db().select({ email: users.email }).from(users).where(eq(users.id, family.parentId));
  const email = parent!.email;

  expect(await adjustWallet(admin, { email, amount: "25.50", reason: "Class cancelled by us" })).toContain("the balance is now $35.50");
  const [entry] = (await getWallet(family.parentId)).entries;
  expect(entry).toMatchObject({ kind: "adjustment", amountMinor: 2_550, reason: "Class cancelled by us" });
  const audit = await db().select().from(auditEvents).where(eq(auditEvents.action, "wallet.adjust"));
  expect(audit).toEqual([expect.objectContaining({ actorId: admin.id, targetType: "user", targetId: String(family.parentId) })]);

  await expect(adjustWallet(admin, { email, amount: "-40", reason: "Correction" })).rejects.toThrow(
    WALLET_ADJUSTMENT_MESSAGES.belowZero("$35.50"),
  );
  await expect(adjustWallet(admin, { email, amount: "0", reason: "Correction" })).rejects.toThrow(WALLET_ADJUSTMENT_MESSAGES.amount);
  await expect(adjustWallet(admin, { email, amount: "1e3", reason: "Correction" })).rejects.toThrow(WALLET_ADJUSTMENT_MESSAGES.amount);
  await expect(adjustWallet(admin, { email, amount: "5", reason: "" })).rejects.toThrow(WALLET_ADJUSTMENT_MESSAGES.reason);
  await expect(adjustWallet(admin, { email: "nobody@example.com", amount: "5", reason: "Correction" })).rejects.toThrow(
    WALLET_ADJUSTMENT_MESSAGES.noAccount,
  );
  await expect(adjustWallet(await insertActor(db(), "support"), { email, amount: "5", reason: "Correction" })).rejects.toThrow(
    "You are not allowed to do that.",
  );
  expect(await balanceOf(db(), family.parentId)).toBe(3_550);
  expect(await db().select().from(auditEvents).where(eq(auditEvents.action, "wallet.adjust"))).toHaveLength(1);
});

test("the account is found whatever the letter case of its stored email and of the typed one", async () => {
  const admin = await insertActor(db(), "admin");
  const family = await newFamily(db(), 0);
  await db().update(users).set({ email: "Mixed.Case@Example.com" }).where(eq(users.id, family.parentId));

  for (const typed of ["Mixed.Case@Example.com", "mixed.case@example.com", "MIXED.CASE@EXAMPLE.COM"])
    await adjustWallet(admin, { email: typed, amount: "1.00", reason: "Goodwill credit" });
  expect(await balanceOf(db(), family.parentId)).toBe(300);
});
