import { and, count, eq, sum } from "drizzle-orm";

import { bookings, ledgerEntries, orders, payments } from "@/lib/platform/db/schema/index";
import { addChild, newFamily, newSection } from "@/test/commerce-fixtures";
import { openTestDatabase } from "@/test/database";

import { addToCart, getCart } from "@/lib/commerce/cart/cart";
import { checkoutCart, placeOrder } from "./checkout";
import { balanceOf, getWallet, ledgerSumOfOrder } from "@/lib/commerce/wallet/ledger";
import { COMMERCE_MESSAGES } from "@/lib/commerce/schema";
import { refusalMessage } from "@/test/refusal";

/**
 * Issue 18 without Stripe (the embedded default): checkout is wallet-only, seats are decided
 * under row locks in the database, and the wallet never goes below zero. On PostgreSQL
 * (TEST_DATABASE_URL, CI) the parallel checkouts really run at once over a connection pool.
 */
let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.dispose());
const db = () => database.db;

async function seats(sectionId: number) {
  const [row] = await db()
    .select({ n: count() })
    .from(bookings)
    .where(and(eq(bookings.sectionId, sectionId), eq(bookings.kind, "seat"), eq(bookings.status, "confirmed")));
  return row!.n;
}

test("20 parallel checkouts for the last 3 seats: exactly 3 enrolments, the others refused with nothing charged, the ledger matching the orders", async () => {
  const sectionId = await newSection(db(), { capacity: 5, priceMinor: 12_000 });
  // Two seats already gone.
  for (let i = 0; i < 2; i += 1) {
    const early = await newFamily(db(), 12_000);
    await placeOrder(early.parentId, [{ sectionId, learnerId: early.learnerId }]);
  }
  const families = await Promise.all(Array.from({ length: 20 }, () => newFamily(db(), 20_000)));

  const outcomes = await Promise.allSettled(families.map((f) => placeOrder(f.parentId, [{ sectionId, learnerId: f.learnerId }])));

  const won = outcomes.filter((o) => o.status === "fulfilled");
  const lost = outcomes.filter((o): o is PromiseRejectedResult => o.status === "rejected");
  expect(won).toHaveLength(3);
  expect(lost.map((o) => (o.reason as Error).message)).toEqual(Array(17).fill(COMMERCE_MESSAGES.sectionFull("Test course")));
  expect(await seats(sectionId)).toBe(5);

  for (const [i, family] of families.entries()) {
    const outcome = outcomes[i]!;
    const balance = await balanceOf(db(), family.parentId);
    if (outcome.status === "fulfilled") {
      expect(outcome.value.status).toBe("paid");
      expect(balance).toBe(8_000);
      expect(await ledgerSumOfOrder(db(), outcome.value.orderId)).toBe(-12_000);
      const [order] = await db().select().from(orders).where(eq(orders.id, outcome.value.orderId));
      expect(order).toMatchObject({ status: "paid", totalMinor: 12_000, walletMinor: 12_000, cardMinor: 0 });
    } else {
      expect(balance).toBe(20_000);
      const [n] = await db().select({ n: count() }).from(orders).where(eq(orders.userId, family.parentId));
      expect(n!.n).toBe(0);
    }
  }
  // Every purchase entry in the ledger is an order's wallet part, and the wallet payments say the same.
  const [spent] = await db()
    .select({ total: sum(ledgerEntries.amountMinor) })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.kind, "purchase"));
  const [paid] = await db()
    .select({ total: sum(orders.walletMinor) })
    .from(orders)
    .where(eq(orders.status, "paid"));
  const [walletPayments] = await db()
    .select({ total: sum(payments.amountMinor) })
    .from(payments)
    .where(eq(payments.method, "wallet"));
  expect(-Number(spent!.total)).toBe(Number(paid!.total));
  expect(Number(walletPayments!.total)).toBe(Number(paid!.total));
});

test("20 parallel spends from one wallet never take it below zero", async () => {
  // 50.00 of credit and twenty 10.00 seats (one per child, each in its own section): five can be paid.
  const family = await newFamily(db(), 5_000);
  const children = await Promise.all(Array.from({ length: 20 }, (_, i) => addChild(db(), family.parentId, `Child${i}`)));
  const sectionIds = await Promise.all(children.map(() => newSection(db(), { priceMinor: 1_000 })));

  const outcomes = await Promise.allSettled(
    children.map((learnerId, i) => placeOrder(family.parentId, [{ sectionId: sectionIds[i]!, learnerId }])),
  );

  expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(5);
  const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === "rejected");
  expect(refused).toHaveLength(15);
  expect((refused[0]!.reason as Error).message).toContain("balance is $0.00");
  expect(await balanceOf(db(), family.parentId)).toBe(0);
  const wallet = await getWallet(family.parentId);
  expect(wallet.balanceMinor).toBe(0);
  expect(wallet.entries.filter((e) => e.kind === "purchase")).toHaveLength(5);
});

test("insufficient balance without Stripe: a clear message, nothing stored", async () => {
  const family = await newFamily(db(), 5_000);
  const sectionId = await newSection(db(), { priceMinor: 12_000 });
  expect(await refusalMessage(placeOrder(family.parentId, [{ sectionId, learnerId: family.learnerId }]))).toBe(
    COMMERCE_MESSAGES.insufficientBalance("$50.00", "$120.00"),
  );
  expect(await seats(sectionId)).toBe(0);
  expect(await balanceOf(db(), family.parentId)).toBe(5_000);
});

test("a full, closed or draft section, someone else's child, a child already enrolled: refused, nothing changed", async () => {
  const family = await newFamily(db(), 100_000);
  const other = await newFamily(db(), 0);
  const full = await newSection(db(), { capacity: 1 });
  const filler = await newFamily(db(), 10_000);
  await placeOrder(filler.parentId, [{ sectionId: full, learnerId: filler.learnerId }]);
  const closed = await newSection(db(), { status: "closed" });
  const draft = await newSection(db(), { status: "draft" });
  const open = await newSection(db());

  expect(await refusalMessage(placeOrder(family.parentId, [{ sectionId: full, learnerId: family.learnerId }]))).toBe(
    COMMERCE_MESSAGES.sectionFull("Test course"),
  );
  expect(await refusalMessage(placeOrder(family.parentId, [{ sectionId: closed, learnerId: family.learnerId }]))).toBe(
    COMMERCE_MESSAGES.sectionNotOpen("Test course"),
  );
  expect(await refusalMessage(placeOrder(family.parentId, [{ sectionId: draft, learnerId: family.learnerId }]))).toBe(
    COMMERCE_MESSAGES.sectionNotOpen("Test course"),
  );
  expect(await refusalMessage(placeOrder(family.parentId, [{ sectionId: open, learnerId: other.learnerId }]))).toBe(
    COMMERCE_MESSAGES.learnerNotYours,
  );
  // An order with one good line and one bad line changes nothing at all.
  expect(
    await refusalMessage(
      placeOrder(family.parentId, [
        { sectionId: open, learnerId: family.learnerId },
        { sectionId: closed, learnerId: family.learnerId },
      ]),
    ),
  ).toBe(COMMERCE_MESSAGES.sectionNotOpen("Test course"));
  expect(await seats(open)).toBe(0);
  expect(await balanceOf(db(), family.parentId)).toBe(100_000);

  await placeOrder(family.parentId, [{ sectionId: open, learnerId: family.learnerId }]);
  expect(await refusalMessage(placeOrder(family.parentId, [{ sectionId: open, learnerId: family.learnerId }]))).toBe(
    COMMERCE_MESSAGES.alreadyEnrolled("Ada", "Test course"),
  );
  expect(await seats(open)).toBe(1);
  expect(await balanceOf(db(), family.parentId)).toBe(90_000);
});

test("the cart: lines with price and seats left in the parent's zone; a filled section is marked and cannot be paid; checkout empties it", async () => {
  const family = await newFamily(db(), 50_000);
  const sectionId = await newSection(db(), { capacity: 2, priceMinor: 14_900 });
  const second = await newSection(db(), { capacity: 1, priceMinor: 8_900 });
  await addToCart(family.parentId, { sectionId, learnerId: family.learnerId });
  await addToCart(family.parentId, { sectionId: second, learnerId: "", firstName: "Grace", grade: "3" });

  let cart = await getCart(family.parentId, "America/Los_Angeles");
  expect(cart.lines.map((l) => [l.learnerName, l.price, l.seatsLeft, l.problem])).toEqual([
    ["Ada", "$149.00", 2, null],
    ["Grace", "$89.00", 1, null],
  ]);
  expect(cart.lines[0]!.nextSession).toMatch(/Pacific Time \(Los Angeles\)/);
  expect(cart.total).toBe("$238.00");
  expect(cart.canCheckout).toBe(true);

  // Someone else takes the last seat of the second section.
  const rival = await newFamily(db(), 10_000);
  await placeOrder(rival.parentId, [{ sectionId: second, learnerId: rival.learnerId }]);
  cart = await getCart(family.parentId, "America/Los_Angeles");
  expect(cart.lines.map((l) => l.problem)).toEqual([null, "full"]);
  expect(cart.canCheckout).toBe(false);
  expect(await refusalMessage(checkoutCart(family.parentId))).toBe(COMMERCE_MESSAGES.sectionFull("Test course"));
  expect(await balanceOf(db(), family.parentId)).toBe(50_000);

  // Adding to a full section is refused too.
  expect(await refusalMessage(addToCart(family.parentId, { sectionId: second, learnerId: family.learnerId }))).toBe(
    COMMERCE_MESSAGES.sectionFull("Test course"),
  );
});
