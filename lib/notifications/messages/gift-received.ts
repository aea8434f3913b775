import "server-only";

import { renderEmail } from "@/lib/notifications/layout";

import { hello } from "./facts";

export interface GiftReceivedFacts {
  recipientName: string | null;
  /** The buyer's name as their account has it, or their email when it has none. */
  fromName: string;
  /** The amount formatted in the currency, e.g. "$50.00". */
  amount: string;
  cashLabel: string;
  /** The code grouped for reading (XXXX-XXXX-...). */
  code: string;
  /** The buyer's own words, when they wrote some. */
  message: string | null;
  redeemUrl: string;
}

/** To the recipient of a gift, when the buyer gave their address: the code and where to redeem it. */
export function giftReceivedEmail(facts: GiftReceivedFacts) {
  return renderEmail(`${facts.fromName} sent you a gift of ${facts.amount} ${facts.cashLabel}`, {
    greeting: hello(facts.recipientName),
    paragraphs: [
      `${facts.fromName} sent you a gift of ${facts.amount} ${facts.cashLabel} for live classes.`,
      ...(facts.message ? [`Their message: "${facts.message}"`] : []),
      `To use it, sign up or sign in, open the redeem page and enter the code below. It can be redeemed once.`,
    ],
    details: [
      ["Gift code", facts.code],
      ["Amount", facts.amount],
    ],
    action: { label: "Redeem your gift", url: facts.redeemUrl },
  });
}
