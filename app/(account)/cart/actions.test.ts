import { eq } from "drizzle-orm";

import type { openTestDatabase } from "@/test/database";

jest.mock("next/headers", () => jest.requireActual("@/test/action-context").nextHeadersMock);
jest.mock("next-auth", () => jest.requireActual("@/test/action-context").nextAuthMock());
jest.mock("next/cache", () => ({ revalidatePath: jest.fn(), revalidateTag: jest.fn() }));

type Modules = {
  action: typeof import("./actions");
  cart: typeof import("@/lib/commerce/cart/cart");
  ledger: typeof import("@/lib/commerce/wallet/ledger");
  messages: typeof import("@/lib/commerce/schema");
  schema: typeof import("@/lib/platform/db/schema");
  testing: typeof import("@/test/database");
  context: typeof import("@/test/action-context");
  fixtures: typeof import("@/test/commerce-fixtures");
  limits: typeof import("@/lib/platform/http/rate-limit");
};
let m: Modules;
let database: Awaited<ReturnType<typeof openTestDatabase>>;

beforeAll(async () => {
  // The checkout's limits count here (test/jest-env.ts turns them off elsewhere); each test has its own parent.
  process.env.RATE_LIMITS = "on";
  jest.resetModules();
  m = {
    action: await import("./actions"),
    cart: await import("@/lib/commerce/cart/cart"),
    ledger: await import("@/lib/commerce/wallet/ledger"),
    messages: await import("@/lib/commerce/schema"),
    schema: await import("@/lib/platform/db/schema"),
    testing: await import("@/test/database"),
    context: await import("@/test/action-context"),
    fixtures: await import("@/test/commerce-fixtures"),
    limits: await import("@/lib/platform/http/rate-limit"),
  };
  database = await m.testing.openTestDatabase();
});
afterAll(async () => {
  process.env.RATE_LIMITS = "off";
  await database.dispose();
  m.context.actionContext.user = null;
});

/** A signed-in parent with $200.00 of Cash and a $120.00 seat in the cart. */
async function parentWithCart() {
  const db = database.db;
  const family = await m.fixtures.newFamily(db, 20_000);
  const sectionId = await m.fixtures.newSection(db, { priceMinor: 12_000 });
  m.context.signedInAs(family.parentId, "student");
  await m.cart.addToCart(family.parentId, { sectionId, learnerId: family.learnerId });
  return { ...family, sectionId };
}

function payForm(fields: { expectedTotalMinor?: string }) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

async function ordersOf(userId: number) {
  return database.db.select().from(m.schema.orders).where(eq(m.schema.orders.userId, userId));
}

/** Issue 26, finding 10: the checkout charges the total the parent saw beside Pay, or nothing. */
test("a price raised after the cart was shown: Pay is refused with both totals, nothing charged, the cart as it was", async () => {
  const parent = await parentWithCart();
  // The teacher raises the price while the cart page is open at $120.00.
  await database.db.update(m.schema.sections).set({ priceMinor: 15_000 }).where(eq(m.schema.sections.id, parent.sectionId));

  const answer = await m.action.checkoutAction(null, payForm({ expectedTotalMinor: "12000" }));

  expect(answer).toMatchObject({ ok: false, message: m.messages.COMMERCE_MESSAGES.priceChanged("$120.00", "$150.00") });
  expect(await ordersOf(parent.parentId)).toEqual([]);
  expect(await m.ledger.balanceOf(database.db, parent.parentId)).toBe(20_000);
  expect((await m.cart.getCart(parent.parentId, "UTC")).totalMinor).toBe(15_000);

  // Seen again at the new total, it is paid.
  expect(await m.action.checkoutAction(null, payForm({ expectedTotalMinor: "15000" }))).toMatchObject({ ok: true });
  expect(await ordersOf(parent.parentId)).toEqual([expect.objectContaining({ status: "paid", totalMinor: 15_000 })]);
});

test("Pay without the total seen, or with a malformed one: a clear message, nothing charged", async () => {
  const parent = await parentWithCart();
  for (const fields of [
    {},
    { expectedTotalMinor: "" },
    { expectedTotalMinor: "12.5" },
    { expectedTotalMinor: "-1" },
    { expectedTotalMinor: "abc" },
  ]) {
    expect(await m.action.checkoutAction(null, payForm(fields))).toMatchObject({
      ok: false,
      message: m.messages.COMMERCE_MESSAGES.totalMissing,
    });
  }
  expect(await ordersOf(parent.parentId)).toEqual([]);
  expect(await m.ledger.balanceOf(database.db, parent.parentId)).toBe(20_000);
});

/** Issue 26, finding 2: checkout is rate-limited per account (RATE_LIMITS.checkoutPerAccount), refused with a clear message. */
test("one account checking out again and again is stopped after the limit, with when to try again; nothing charged", async () => {
  const parent = await parentWithCart();
  // A stale total each time: refused, and counted all the same.
  const limit = m.limits.RATE_LIMITS.checkoutPerAccount.limit;
  for (let i = 0; i < limit; i += 1) {
    expect(await m.action.checkoutAction(null, payForm({ expectedTotalMinor: "1" }))).toMatchObject({ ok: false });
  }
  const answer = await m.action.checkoutAction(null, payForm({ expectedTotalMinor: "12000" }));
  expect(answer).toMatchObject({ ok: false, message: expect.stringMatching(/^Too many checkouts\. .*try again/i) });
  expect(await ordersOf(parent.parentId)).toEqual([]);
  expect(await m.ledger.balanceOf(database.db, parent.parentId)).toBe(20_000);
});
