import "server-only";

import { renderEmail } from "@/lib/notifications/layout";

import { hello } from "./facts";

export interface RefundFacts {
  readerName: string | null;
  /** Each refunded seat: "Ada: Test course". */
  seats: Array<{ learnerName: string; courseTitle: string }>;
  /** Already formatted ("$120.00"); null when nothing went that way. */
  toWallet: string | null;
  toCard: string | null;
  walletLabel: string;
  myCoursesUrl: string;
}

/** To a parent, once per refund (a withdrawal, or an admin's refund of an order): which seats, and where the money went. */
export function refundDoneEmail(facts: RefundFacts) {
  const [only] = facts.seats;
  const subject =
    facts.seats.length === 1 && only
      ? `Refund done: ${only.learnerName}, ${only.courseTitle}`
      : `Refund done: ${facts.seats.length} enrolments`;
  const money: string[] = [];
  if (facts.toWallet) money.push(`${facts.toWallet} went back to your ${facts.walletLabel}, ready to spend now.`);
  if (facts.toCard) money.push(`${facts.toCard} is being refunded to your card; banks usually show it within 5 to 10 days.`);
  if (money.length === 0) money.push("Nothing had been paid for it, so no money moves.");
  return renderEmail(subject, {
    greeting: hello(facts.readerName),
    paragraphs: [
      `${facts.seats.map((seat) => `${seat.learnerName} is no longer enrolled in ${seat.courseTitle}`).join("; ")}. The seat${facts.seats.length > 1 ? "s are" : " is"} freed.`,
      ...money,
    ],
    details: [
      ...facts.seats.map((seat): [string, string] => ["Withdrawn", `${seat.learnerName}: ${seat.courseTitle}`]),
      ...(facts.toWallet ? [["To your wallet", facts.toWallet] as [string, string]] : []),
      ...(facts.toCard ? [["To your card", facts.toCard] as [string, string]] : []),
    ],
    action: { label: "My courses", url: facts.myCoursesUrl },
  });
}
