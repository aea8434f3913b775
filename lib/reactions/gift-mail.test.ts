import { eq } from "drizzle-orm";

import { buyGift, getGiftForBuyer } from "@/lib/commerce/gifts/gifts";
import { brandLabels } from "@/lib/platform/brand";
import { gifts, outbox } from "@/lib/platform/db/schema";
import { newFamily } from "@/test/commerce-fixtures";
import { markReactionsUndelivered } from "@/test/events";
import { mailHarness, to } from "@/test/mail-harness";

import { giftMail } from "./gift-mail";

/** A gift paid for tells its recipient the code once (gift.bought), when the buyer gave an address. */
const { db, mail, deliver, received } = mailHarness();

describe("the gift's email to its recipient", () => {
  it("delivered twice (a crash before the first delivery was recorded): one message with the code, under the gift's key", async () => {
    await mail.clear();
    const buyer = await newFamily(db(), 10_000);
    const { giftId } = await buyGift(
      buyer.parentId,
      { amount: "40", recipientName: "Grace", recipientEmail: "grace@example.com" },
      { emailVerified: true },
    );
    expect(await deliver()).toEqual({ delivered: 1, failed: 0 });
    expect(await markReactionsUndelivered(db(), "gift.bought", "gift-mail")).toBeGreaterThan(0);
    expect(await deliver()).toEqual({ delivered: 0, failed: 0 });

    expect(
      await db()
        .select()
        .from(outbox)
        .where(eq(outbox.dedupeKey, `email:gift:${giftId}:recipient`)),
    ).toHaveLength(1);
    const messages = await received("grace@example.com");
    expect(messages.map((m) => [m.subject, m.messageId])).toEqual([
      ["You received a gift of $40.00 " + brandLabels.cash, `<email.gift.${giftId}.recipient@localhost>`],
    ]);
    expect(messages[0]!.text).toContain((await getGiftForBuyer(buyer.parentId, giftId))!.code);
  });

  it("the handler run twice queues one message; a gift with no address or no code queues none", async () => {
    await mail.clear();
    const buyer = await newFamily(db(), 10_000);
    const { giftId } = await buyGift(buyer.parentId, { amount: "10", recipientEmail: "ben@example.com" }, { emailVerified: true });
    const quiet = await buyGift(buyer.parentId, { amount: "10" }, { emailVerified: true });
    await db().delete(outbox);
    for (let i = 0; i < 2; i += 1) await giftMail.handle(db(), { giftId });
    await giftMail.handle(db(), { giftId: quiet.giftId });
    const [unpaid] = await db()
      .insert(gifts)
      .values({ buyerId: buyer.parentId, amountMinor: 1_000, currency: "USD", recipientEmail: "cleo@example.com", status: "pending" })
      .returning({ id: gifts.id });
    await giftMail.handle(db(), { giftId: unpaid!.id });
    expect(await deliver()).toEqual({ delivered: 1, failed: 0 });
    expect((await mail.messages()).map(to)).toEqual(["ben@example.com"]);
  });
});
