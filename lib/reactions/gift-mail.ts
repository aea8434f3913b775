import "server-only";

import { eq } from "drizzle-orm";

import type { giftBought } from "@/lib/commerce/events";
import { groupGiftCode } from "@/lib/commerce/gifts/gift-codes";
import { GIFT_REDEEM_PATH } from "@/lib/commerce/gifts/gifts";
import { formatMoney } from "@/lib/commerce/wallet/money";
import { enqueueEmail } from "@/lib/notifications/email";
import { giftReceivedEmail } from "@/lib/notifications/messages/gift-received";
import { brand, brandLabels } from "@/lib/platform/brand";
import type { Database } from "@/lib/platform/db/client";
import { gifts, users } from "@/lib/platform/db/schema";
import type { EventPayload } from "@/lib/platform/events/events";
import type { Handler } from "@/lib/platform/events/reactions";

type GiftBought = EventPayload<typeof giftBought>;

/**
 * The recipient's email with the code (gift.bought), when the buyer gave an address: rendered at
 * delivery from the gift as it is then (a gift with no code has nothing to send), keyed by the
 * gift, so it is queued once however often the event is delivered.
 */
export async function enqueueGiftMail(db: Database, { giftId }: GiftBought): Promise<void> {
  const [row] = await db
    .select({ gift: gifts, buyerEmail: users.email })
    .from(gifts)
    .leftJoin(users, eq(users.id, gifts.buyerId))
    .where(eq(gifts.id, giftId));
  if (!row?.gift.recipientEmail || !row.gift.code) return;
  const content = giftReceivedEmail({
    fromEmail: row.buyerEmail,
    brandName: brand.name,
    amount: formatMoney(row.gift.amountMinor, row.gift.currency),
    cashLabel: brandLabels.cash,
    code: groupGiftCode(row.gift.code),
    message: row.gift.message,
    redeemUrl: `${brand.siteUrl}${GIFT_REDEEM_PATH}`,
  });
  await enqueueEmail(db, `gift:${row.gift.id}:recipient`, { ...content, to: row.gift.recipientEmail });
}

export const giftMail: Handler<GiftBought> = { name: "gift-mail", handle: enqueueGiftMail };
