import "server-only";

import { renderEmail } from "@/lib/notifications/layout";

import { hello } from "./facts";

export interface SessionCreditedFacts {
  readerName: string | null;
  learnerName: string;
  courseTitle: string;
  /** The cancelled session, in the reader's zone (named). */
  sessionWhen: string;
  /** Already formatted ("$12.50"). */
  amount: string;
  walletLabel: string;
  walletUrl: string;
}

/** To the parent who paid, when a cancelled session got no make-up in time and its share was credited (issue 27). */
export function sessionCreditedEmail(facts: SessionCreditedFacts) {
  return renderEmail(`${facts.amount} credited for a cancelled ${facts.courseTitle} session`, {
    greeting: hello(facts.readerName),
    paragraphs: [
      `No make-up session was set for the cancelled session of ${facts.courseTitle}, so that session's share of what you paid for ${facts.learnerName}'s seat is now in your ${facts.walletLabel}.`,
      "It is ready to spend on any class.",
    ],
    details: [
      ["Course", facts.courseTitle],
      ["Learner", facts.learnerName],
      ["Cancelled session", facts.sessionWhen],
      ["Credited", facts.amount],
    ],
    action: { label: `Your ${facts.walletLabel}`, url: facts.walletUrl },
  });
}
