import "server-only";

import { renderEmail } from "@/lib/notifications/layout";

import { hello } from "./facts";

export interface LateSeatTakenFacts {
  readerName: string | null;
  seats: Array<{ learnerName: string; courseTitle: string }>;
  /** The card payment, formatted ("$90.00"). */
  card: string;
  /** The part paid with the wallet, formatted; null when there was none. */
  wallet: string | null;
  /** Where the card payment went back, as the parent chose at checkout. */
  cardTo: "card" | "wallet";
  cashLabel: string;
  walletUrl: string;
}

/** To a parent whose card payment completed after a seat of the order was taken: nobody enrolled, and where the money went. */
export function lateSeatTakenEmail(facts: LateSeatTakenFacts) {
  const money =
    facts.cardTo === "wallet"
      ? `As you chose at checkout, your card payment of ${facts.card} went to your ${facts.cashLabel}, ready to spend now.`
      : `Your card payment of ${facts.card} is being refunded to your card; banks usually show it within 5 to 10 days.`;
  return renderEmail("Your payment came back: the seat was taken", {
    greeting: hello(facts.readerName),
    paragraphs: [
      `A seat in your order was taken before your card payment completed, so nobody was enrolled: ${facts.seats
        .map((seat) => `${seat.learnerName} in ${seat.courseTitle}`)
        .join("; ")}.`,
      money,
      ...(facts.wallet ? [`The ${facts.wallet} paid with ${facts.cashLabel} went back to your ${facts.cashLabel}.`] : []),
    ],
    details: [
      [facts.cardTo === "wallet" ? `To your ${facts.cashLabel}` : "To your card", facts.card],
      ...(facts.wallet ? [[`To your ${facts.cashLabel}`, facts.wallet] as [string, string]] : []),
    ],
    action: { label: `See your ${facts.cashLabel}`, url: facts.walletUrl },
  });
}
