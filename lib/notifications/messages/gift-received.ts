import "server-only";

import { renderEmail } from "@/lib/notifications/layout";

export interface GiftReceivedFacts {
  /**
   * The buyer's account address: verified, since only an account with a verified address may send
   * a gift (lib/commerce/gifts). Null when the buyer's account is gone.
   */
  fromEmail: string | null;
  brandName: string;
  /** The amount formatted in the currency, e.g. "$50.00". */
  amount: string;
  cashLabel: string;
  /** The code grouped for reading (XXXX-XXXX-...). */
  code: string;
  /** The buyer's own words, when they wrote some. */
  message: string | null;
  redeemUrl: string;
}

/**
 * To the recipient of a gift, at the address the buyer typed (never verified by the recipient):
 * the code and where to redeem it. What the buyer typed stays out of our own sentences (issue 26
 * finding 8): no name in the subject or greeting (the buyer's display name and the recipient's
 * name are free text); the sender is named by their verified address; their message is quoted
 * apart, as their words, with its links made unclickable.
 */
export function giftReceivedEmail(facts: GiftReceivedFacts) {
  const from = facts.fromEmail ? `The ${facts.brandName} account ${facts.fromEmail}` : `A ${facts.brandName} customer`;
  return renderEmail(`You received a gift of ${facts.amount} ${facts.cashLabel}`, {
    greeting: "Hello,",
    paragraphs: [
      `${from} sent you a gift of ${facts.amount} ${facts.cashLabel} for live classes at ${facts.brandName}.`,
      `To use it, sign up or sign in, open the redeem page and enter the code below. It can be redeemed once. Redeeming never asks for a payment or a card.`,
    ],
    quote: facts.message
      ? { intro: `The sender added a message. These are their words, not ours, and we have not checked them:`, text: facts.message }
      : undefined,
    details: [
      ["Gift code", facts.code],
      ["Amount", facts.amount],
    ],
    action: { label: "Redeem your gift", url: facts.redeemUrl },
  });
}
