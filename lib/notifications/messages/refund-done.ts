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
  /** The seats went because their class was cancelled (its section closed), not at the family's request. */
  classCancelled?: boolean;
}

/** To a parent, once per refund (a withdrawal, an admin's refund of an order, a closed class): which seats, and where the money went. */
export function refundDoneEmail(facts: RefundFacts) {
  const [only] = facts.seats;
  const what = facts.classCancelled ? "Class cancelled, refund done" : "Refund done";
  const subject =
    facts.seats.length === 1 && only ? `${what}: ${only.learnerName}, ${only.courseTitle}` : `${what}: ${facts.seats.length} enrolments`;
  const money: string[] = [];
  if (facts.toWallet) money.push(`${facts.toWallet} went back to your ${facts.walletLabel}, ready to spend now.`);
  if (facts.toCard) money.push(`${facts.toCard} is being refunded to your card; banks usually show it within 5 to 10 days.`);
  if (money.length === 0) money.push("Nothing had been paid for it, so no money moves.");
  return renderEmail(subject, {
    greeting: hello(facts.readerName),
    paragraphs: [
      ...(facts.classCancelled
        ? ["We are sorry: this class has been cancelled and will not take place, so you have been refunded in full."]
        : []),
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
