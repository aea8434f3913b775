import { eq } from "drizzle-orm";

import type { openTestDatabase } from "@/test/database";

// lib/platform/env.ts reads the environment once, at import: the redemption limits are part of what is tested here.
process.env.RATE_LIMITS = "on";

type Modules = {
  gifts: typeof import("./gifts");
  schema: typeof import("./gift-schema");
  codes: typeof import("./gift-codes");
  ledger: typeof import("@/lib/commerce/wallet/ledger");
  tables: typeof import("@/lib/platform/db/schema/index");
  fixtures: typeof import("@/test/commerce-fixtures");
  testing: typeof import("@/test/database");
  events: typeof import("@/test/events");
};
let m: Modules;
let database: Awaited<ReturnType<typeof openTestDatabase>>;
let addressCounter = 0;
/** A fresh client address per test, so one test's counted attempts do not refuse another's. */
const newAddress = () => `198.51.100.${++addressCounter}`;

beforeAll(async () => {
  jest.resetModules();
  m = {
    gifts: await import("./gifts"),
    schema: await import("./gift-schema"),
    codes: await import("./gift-codes"),
    ledger: await import("@/lib/commerce/wallet/ledger"),
    tables: await import("@/lib/platform/db/schema/index"),
    fixtures: await import("@/test/commerce-fixtures"),
    testing: await import("@/test/database"),
    events: await import("@/test/events"),
  };
  database = await m.testing.openTestDatabase();
});
afterAll(async () => database.dispose());
const db = () => database.db;

async function giftRows(giftId: string) {
  return db().select().from(m.tables.ledgerEntries).where(eq(m.tables.ledgerEntries.giftId, giftId));
}

test("a buyer pays a gift from their wallet: a 140-bit code, the debit names the gift, the recipient is emailed the code", async () => {
  const buyer = await m.fixtures.newFamily(db(), 10_000);
  const { giftId } = await m.gifts.buyGift(
    buyer.parentId,
    {
      amount: "40",
      recipientName: "Grace",
      recipientEmail: "Grace@Example.com",
      message: "Happy birthday!",
    },
    { emailVerified: true },
  );
  expect(await m.ledger.balanceOf(db(), buyer.parentId)).toBe(6_000);
  expect(await giftRows(giftId)).toEqual([expect.objectContaining({ userId: buyer.parentId, kind: "gift", amountMinor: -4_000 })]);

  const view = await m.gifts.getGiftForBuyer(buyer.parentId, giftId);
  expect(view).toMatchObject({ amount: "$40.00", recipientName: "Grace", message: "Happy birthday!", redeemedAt: null });
  expect(view!.code).toMatch(/^([0-9A-HJKMNP-TV-Z]{4}-){6}[0-9A-HJKMNP-TV-Z]{4}$/);
  // Another account cannot open it.
  const stranger = await m.fixtures.newFamily(db());
  expect(await m.gifts.getGiftForBuyer(stranger.parentId, giftId)).toBeNull();

  // The gift.bought event's handler renders the recipient's email.
  await m.events.deliverEvents(db());
  const mail = await db()
    .select()
    .from(m.tables.outbox)
    .where(eq(m.tables.outbox.dedupeKey, `email:gift:${giftId}:recipient`));
  expect(mail).toHaveLength(1);
  const payload = mail[0]!.payload as { to: string; subject: string; text: string };
  expect(payload.to).toBe("grace@example.com");
  expect(payload.text).toContain(view!.code);
  expect(payload.text).toContain("/gift-a-course/redeem");
  expect(payload.subject).toContain("$40.00");

  // Codes differ from gift to gift.
  const second = await m.gifts.buyGift(buyer.parentId, { amount: "5" }, { emailVerified: true });
  expect((await m.gifts.getGiftForBuyer(buyer.parentId, second.giftId))!.code).not.toBe(view!.code);
});

test("issue 26 finding 8: an account whose email is not verified is refused a gift, with what to do; nothing is stored or paid", async () => {
  const buyer = await m.fixtures.newFamily(db(), 10_000);
  const input = { amount: "20", recipientEmail: "anyone@example.com", message: "Visit http://evil.example" };
  const refusal = await m.gifts.buyGift(buyer.parentId, input, { emailVerified: false }).catch((e: unknown) => e);
  expect(refusal).toMatchObject({ code: "forbidden", message: m.schema.GIFT_MESSAGES.verifyEmailFirst });
  expect(m.schema.GIFT_MESSAGES.verifyEmailFirst).toMatch(/verify your email address/);
  expect(await db().select().from(m.tables.gifts).where(eq(m.tables.gifts.buyerId, buyer.parentId))).toEqual([]);
  expect(await m.ledger.balanceOf(db(), buyer.parentId)).toBe(10_000);
  // The same account once verified.
  const { giftId } = await m.gifts.buyGift(buyer.parentId, input, { emailVerified: true });
  expect(await m.gifts.getGiftForBuyer(buyer.parentId, giftId)).toMatchObject({ amount: "$20.00" });
  expect(await m.ledger.balanceOf(db(), buyer.parentId)).toBe(8_000);
});

test("insufficient balance or an amount out of bounds: a clear message, nothing stored", async () => {
  const buyer = await m.fixtures.newFamily(db(), 2_000);
  await expect(m.gifts.buyGift(buyer.parentId, { amount: "25.00" }, { emailVerified: true })).rejects.toThrow(
    m.schema.GIFT_MESSAGES.insufficientBalance("$20.00", "$25.00"),
  );
  for (const amount of ["4.99", "500.01", "abc", "-10", ""]) {
    await expect(m.gifts.buyGift(buyer.parentId, { amount }, { emailVerified: true })).rejects.toThrow(m.schema.GIFT_MESSAGES.amount);
  }
  await expect(m.gifts.buyGift(buyer.parentId, { amount: "10", recipientEmail: "not-an-email" }, { emailVerified: true })).rejects.toThrow(
    m.schema.GIFT_MESSAGES.recipientEmail,
  );
  expect(await db().select().from(m.tables.gifts).where(eq(m.tables.gifts.buyerId, buyer.parentId))).toEqual([]);
  expect(await m.ledger.balanceOf(db(), buyer.parentId)).toBe(2_000);
});

test("the recipient redeems the code (typed loosely) into their wallet once; used, guessed or malformed codes change nothing", async () => {
  const buyer = await m.fixtures.newFamily(db(), 10_000);
  const recipient = await m.fixtures.newFamily(db());
  const { giftId } = await m.gifts.buyGift(buyer.parentId, { amount: "30" }, { emailVerified: true });
  const code = (await m.gifts.getGiftForBuyer(buyer.parentId, giftId))!.code!;
  const address = newAddress();

  // Lower case with spaces instead of dashes, as someone might type it from paper.
  const typed = ` ${code.toLowerCase().replace(/-/g, " ")} `;
  expect(await m.gifts.redeemGift(recipient.parentId, address, { code: typed })).toEqual({ amount: "$30.00", balance: "$30.00" });
  expect(await giftRows(giftId)).toEqual(
    expect.arrayContaining([expect.objectContaining({ userId: recipient.parentId, kind: "gift", amountMinor: 3_000 })]),
  );
  const [gift] = await db().select().from(m.tables.gifts).where(eq(m.tables.gifts.id, giftId));
  expect(gift).toMatchObject({ redeemedById: recipient.parentId });

  const other = await m.fixtures.newFamily(db());
  await expect(m.gifts.redeemGift(other.parentId, address, { code })).rejects.toThrow(m.schema.GIFT_MESSAGES.codeUsed);
  await expect(m.gifts.redeemGift(recipient.parentId, address, { code })).rejects.toThrow(m.schema.GIFT_MESSAGES.codeUsed);
  const guessed = m.codes.groupGiftCode(m.codes.newGiftCode());
  await expect(m.gifts.redeemGift(other.parentId, address, { code: guessed })).rejects.toThrow(m.schema.GIFT_MESSAGES.codeUnknown);
  for (const malformed of ["", "1234", `${code}X`, code.replace(/^./, "U"), "'; drop table gifts; --"]) {
    await expect(m.gifts.redeemGift(other.parentId, newAddress(), { code: malformed })).rejects.toThrow(
      m.schema.GIFT_MESSAGES.codeMalformed,
    );
  }
  expect(await m.ledger.balanceOf(db(), other.parentId)).toBe(0);
  expect(await m.ledger.balanceOf(db(), recipient.parentId)).toBe(3_000);
  expect(await giftRows(giftId)).toHaveLength(2);
});

test("a gift code redeemed from two sessions at once: one credit", async () => {
  const buyer = await m.fixtures.newFamily(db(), 10_000);
  const { giftId } = await m.gifts.buyGift(buyer.parentId, { amount: "50" }, { emailVerified: true });
  const code = (await m.gifts.getGiftForBuyer(buyer.parentId, giftId))!.code;
  const first = await m.fixtures.newFamily(db());
  const second = await m.fixtures.newFamily(db());

  const outcomes = await Promise.allSettled([
    m.gifts.redeemGift(first.parentId, newAddress(), { code }),
    m.gifts.redeemGift(second.parentId, newAddress(), { code }),
    m.gifts.redeemGift(first.parentId, newAddress(), { code }),
  ]);
  expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
  for (const o of outcomes.filter((o) => o.status === "rejected")) expect(String(o.reason)).toContain(m.schema.GIFT_MESSAGES.codeUsed);
  const credits = (await giftRows(giftId)).filter((row) => row.amountMinor > 0);
  expect(credits).toHaveLength(1);
  expect((await m.ledger.balanceOf(db(), first.parentId)) + (await m.ledger.balanceOf(db(), second.parentId))).toBe(5_000);
});

test("wrong codes are limited per account and per address; a redeemed code does not count", async () => {
  const recipient = await m.fixtures.newFamily(db());
  const address = newAddress();
  const wrong = () => m.gifts.redeemGift(recipient.parentId, address, { code: m.codes.newGiftCode() });
  for (let i = 0; i < 10; i++) await expect(wrong()).rejects.toThrow(m.schema.GIFT_MESSAGES.codeUnknown);
  await expect(wrong()).rejects.toThrow("Too many gift codes tried.");

  // Even a right code waits: the account's limit is full (and nothing is credited).
  const buyer = await m.fixtures.newFamily(db(), 10_000);
  const { giftId } = await m.gifts.buyGift(buyer.parentId, { amount: "10" }, { emailVerified: true });
  const code = (await m.gifts.getGiftForBuyer(buyer.parentId, giftId))!.code;
  await expect(m.gifts.redeemGift(recipient.parentId, newAddress(), { code })).rejects.toThrow("Too many gift codes tried.");
  expect(await m.ledger.balanceOf(db(), recipient.parentId)).toBe(0);

  // Per address: other accounts behind one address share 20 wrong codes.
  const shared = newAddress();
  for (let i = 0; i < 20; i++) {
    const someone = await m.fixtures.newFamily(db());
    await expect(m.gifts.redeemGift(someone.parentId, shared, { code: m.codes.newGiftCode() })).rejects.toThrow(
      m.schema.GIFT_MESSAGES.codeUnknown,
    );
  }
  const late = await m.fixtures.newFamily(db());
  await expect(m.gifts.redeemGift(late.parentId, shared, { code })).rejects.toThrow("Too many gift codes tried.");

  // Successful redemptions are not counted: one account redeems 12 gifts in a row.
  const collector = await m.fixtures.newFamily(db());
  const collectorAddress = newAddress();
  for (let i = 0; i < 12; i++) {
    const next = await m.gifts.buyGift(buyer.parentId, { amount: "5" }, { emailVerified: true });
    const nextCode = (await m.gifts.getGiftForBuyer(buyer.parentId, next.giftId))!.code;
    await m.gifts.redeemGift(collector.parentId, collectorAddress, { code: nextCode });
  }
  expect(await m.ledger.balanceOf(db(), collector.parentId)).toBe(6_000);
});

test("without Stripe a gift cannot be paid by card, and a top-up by card is refused: nothing is stored", async () => {
  const buyer = await m.fixtures.newFamily(db(), 10_000);
  const error = await m.gifts.buyGift(buyer.parentId, { amount: "30", payWith: "card" }, { emailVerified: true }).catch((e: unknown) => e);
  expect(error).toMatchObject({
    message: m.schema.GIFT_MESSAGES.cardNotOffered,
    fieldErrors: { payWith: m.schema.GIFT_MESSAGES.cardNotOffered },
  });
  expect(await db().select().from(m.tables.gifts).where(eq(m.tables.gifts.buyerId, buyer.parentId))).toHaveLength(0);
  const { startTopUp } = await import("@/lib/commerce/payments/top-ups");
  const { TOP_UP_MESSAGES } = await import("@/lib/commerce/payments/top-up-schema");
  await expect(startTopUp(buyer.parentId, { amount: "30" })).rejects.toThrow(TOP_UP_MESSAGES.cardNotOffered);
  expect(await db().select().from(m.tables.topUps).where(eq(m.tables.topUps.userId, buyer.parentId))).toHaveLength(0);
  expect(await m.ledger.balanceOf(db(), buyer.parentId)).toBe(10_000);
});
