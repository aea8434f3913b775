import { brandLabels } from "@/lib/platform/brand";
import { z } from "@/lib/platform/zod";

import { CURRENCY, formatMoney } from "@/lib/commerce/wallet/money";

/** A gift's bounds, in minor units: the one place they are set (the form, the server and the page read them). */
export const GIFT_AMOUNT_MIN_MINOR = 500;
export const GIFT_AMOUNT_MAX_MINOR = 50_000;

export const GIFT_MESSAGES = {
  amount: `Enter an amount from ${formatMoney(GIFT_AMOUNT_MIN_MINOR)} to ${formatMoney(GIFT_AMOUNT_MAX_MINOR)}, such as 50 or 50.00.`,
  recipientName: "The recipient's name can be at most 80 characters.",
  recipientEmail: "Enter the recipient's email address, or leave it empty.",
  message: "The message can be at most 500 characters.",
  insufficientBalance: (balance: string, amount: string) =>
    `Your ${brandLabels.cash} balance is ${balance}, which does not cover a gift of ${amount}. Choose a smaller amount or add ${brandLabels.cash} first.`,
  codeMalformed: "That does not look like a gift code. A code has 28 letters and digits, as printed on the gift message.",
  codeUnknown: "That gift code is not valid. Check it against the gift message and try again.",
  codeUsed: "This gift code has already been redeemed. Each code can be used once.",
  codeFrozen: "This gift code cannot be redeemed: its payment was refunded or disputed. Please contact support.",
  giftNotFound: "That gift does not exist.",
  verifyEmailFirst:
    "Please verify your email address before sending a gift: open the link we emailed you when you signed up (My courses can send it again), then come back here.",
  payWith: `Choose how to pay: with ${brandLabels.cash} or by card.`,
  cardNotOffered: `Card payments are not available here. Pay with ${brandLabels.cash}.`,
} as const;

const digits = new Intl.NumberFormat("en-US", { style: "currency", currency: CURRENCY }).resolvedOptions().maximumFractionDigits ?? 2;

/** An amount typed in major units ("50" or "50.00") as minor units within [min, max]; one message for every way it is wrong. */
export const amountInMinor = (min: number, max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(new RegExp(`^\\d{1,7}(\\.\\d{1,${Math.max(digits, 1)}})?$`), message)
    .transform((text) => Math.round(Number(text) * 10 ** digits))
    .refine((minor) => minor >= min && minor <= max, message);
const optionalText = (max: number, message: string) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z.string({ error: message }).trim().max(max, message).optional(),
  );

/** Buying a gift: an amount in major units within the bounds, and optionally who it is for and a message. */
export const buyGiftSchema = z.object({
  amount: amountInMinor(GIFT_AMOUNT_MIN_MINOR, GIFT_AMOUNT_MAX_MINOR, GIFT_MESSAGES.amount),
  /** Card only when Stripe is configured: the server checks it again (buyGift). */
  payWith: z.preprocess(
    (v) => (v === "" || v == null ? undefined : v),
    z.enum(["wallet", "card"], { error: GIFT_MESSAGES.payWith }).default("wallet"),
  ),
  recipientName: optionalText(80, GIFT_MESSAGES.recipientName),
  recipientEmail: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z.email({ error: GIFT_MESSAGES.recipientEmail }).trim().toLowerCase().max(254, GIFT_MESSAGES.recipientEmail).optional(),
  ),
  message: optionalText(500, GIFT_MESSAGES.message),
});
export type BuyGiftInput = z.input<typeof buyGiftSchema>;

export const redeemGiftSchema = z.object({ code: z.string({ error: GIFT_MESSAGES.codeMalformed }).max(100, GIFT_MESSAGES.codeMalformed) });
