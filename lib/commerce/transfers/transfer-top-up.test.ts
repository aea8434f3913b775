import "@/test/stripe-env";

import { newFamily, newSection } from "@/test/commerce-fixtures";
import { openTestDatabase } from "@/test/database";
import { refusal } from "@/test/refusal";
import { newSectionOfSameCourse, orderItemOf, seatOf } from "@/test/transfer-fixtures";

import { placeOrder } from "@/lib/commerce/checkout/checkout";
import { COMMERCE_MESSAGES } from "@/lib/commerce/schema";
import { balanceOf } from "@/lib/commerce/wallet/ledger";

import { TOP_UP_AMOUNT_FIELD, transferSeat } from "./transfers";

/**
 * A move that costs more than the family's Cash, with card payments on: the refusal names the top-up
 * by card that would let it through (what the Cash lacks, at least a top-up's minimum), so the form
 * offers it in place instead of a dead end; nothing changes until the family moves again.
 */
let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.dispose());
const db = () => database.db;

async function seatedFamily(sectionId: number, priceMinor: number, extraMinor: number) {
  const family = await newFamily(db(), priceMinor + extraMinor);
  await placeOrder(family.parentId, [{ sectionId, learnerId: family.learnerId }]);
  return { ...family, item: await orderItemOf(db(), family.learnerId) };
}

test("short of Cash, the refusal offers the card: what the Cash lacks, at least the top-up minimum", async () => {
  const from = await newSection(db(), { priceMinor: 10_000 });
  const dearer = await newSectionOfSameCourse(db(), from, { priceMinor: 12_000 });
  const family = await seatedFamily(from, 10_000, 0);
  const short = await refusal(transferSeat(family.parentId, { orderItemId: family.item.id, toSectionId: dearer }));
  expect(short.message).toBe(COMMERCE_MESSAGES.transferShortOfCash("$20.00", "$0.00", "$20.00"));
  expect(short.fieldErrors).toEqual({ toSectionId: short.message, [TOP_UP_AMOUNT_FIELD]: "20.00", topUpLabel: "$20.00" });

  const nearly = await seatedFamily(from, 10_000, 1_999);
  const almost = await refusal(transferSeat(nearly.parentId, { orderItemId: nearly.item.id, toSectionId: dearer }));
  expect(almost.fieldErrors?.[TOP_UP_AMOUNT_FIELD]).toBe("5.00");
  expect((await seatOf(db(), nearly.learnerId)).sectionId).toBe(from);
  expect(await balanceOf(db(), nearly.parentId)).toBe(1_999);
});
