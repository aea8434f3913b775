import { z } from "@/lib/platform/zod";

import { sameOriginPath } from "@/lib/platform/auth/guard";

import { amountInMinor } from "@/lib/commerce/gifts/gift-schema";
import { formatMoney } from "@/lib/commerce/wallet/money";

/** A top-up of {product} Cash by card: its bounds in minor units, the one place they are set. */
export const TOP_UP_MIN_MINOR = 500;
export const TOP_UP_MAX_MINOR = 100_000;
export const TOP_UP_MESSAGES = {
  amount: `Enter an amount from ${formatMoney(TOP_UP_MIN_MINOR)} to ${formatMoney(TOP_UP_MAX_MINOR)}, such as 50 or 50.00.`,
  cardNotOffered: "Card payments are not available here.",
} as const;
export const topUpSchema = z.object({
  amount: amountInMinor(TOP_UP_MIN_MINOR, TOP_UP_MAX_MINOR, TOP_UP_MESSAGES.amount),
  /**
   * Where Stripe sends the parent back when the top-up was started elsewhere than the wallet (a move
   * on /my-courses, issue 41): a path on this site after the return-path rule, else none (the wallet).
   */
  returnTo: z
    .string()
    .max(2_000)
    .optional()
    .catch(undefined)
    .transform((value) => sameOriginPath(value) ?? undefined),
});
