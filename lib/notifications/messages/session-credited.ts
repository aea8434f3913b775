import "server-only";

import { renderEmail } from "@/lib/notifications/layout";

import { hello } from "./facts";

export interface SessionCreditedFacts {
  readerName: string | null;
  learnerName: string;
  courseTitle: string;
  /** The session was taken off the schedule by an edit of the section's times, not cancelled. */
  removed?: boolean;
  /** The cancelled session, in the reader's zone (named). */
  sessionWhen: string;
  /** Already formatted ("$12.50"). */
  amount: string;
  walletLabel: string;
  walletUrl: string;
}

/**
 * To the parent who paid, when a cancelled session got no make-up in time (issue 27), or a session
 * was taken off the section's schedule, and its share was credited.
 */
export function sessionCreditedEmail(facts: SessionCreditedFacts) {
  const subject = facts.removed
    ? `${facts.amount} credited for a ${facts.courseTitle} session taken off the schedule`
    : `${facts.amount} credited for a cancelled ${facts.courseTitle} session`;
  const why = facts.removed
    ? `The schedule of ${facts.courseTitle} changed and no longer has the session below, so that session's share of what you paid for ${facts.learnerName}'s seat is now in your ${facts.walletLabel}.`
    : `No make-up session was set for the cancelled session of ${facts.courseTitle}, so that session's share of what you paid for ${facts.learnerName}'s seat is now in your ${facts.walletLabel}.`;
  return renderEmail(subject, {
    greeting: hello(facts.readerName),
    paragraphs: [why, "It is ready to spend on any class."],
    details: [
      ["Course", facts.courseTitle],
      ["Learner", facts.learnerName],
      [facts.removed ? "Session removed" : "Cancelled session", facts.sessionWhen],
      ["Credited", facts.amount],
    ],
    action: { label: `Your ${facts.walletLabel}`, url: facts.walletUrl },
  });
}
