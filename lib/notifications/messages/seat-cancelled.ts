import "server-only";

import { renderEmail } from "@/lib/notifications/layout";

import { hello } from "./facts";

export interface SeatCancelledFacts {
  readerName: string | null;
  learnerName: string;
  courseTitle: string;
  myCoursesUrl: string;
}

/**
 * To a parent, when a child's seat is cancelled without a refund message to carry the news (a
 * refund's own message carries it otherwise): the invite attached removes the weekly sessions.
 */
export function seatCancelledEmail(facts: SeatCancelledFacts) {
  return renderEmail(`${facts.learnerName} is no longer enrolled in ${facts.courseTitle}`, {
    greeting: hello(facts.readerName),
    paragraphs: [
      `${facts.learnerName}'s place in ${facts.courseTitle} is cancelled.`,
      "The invite attached removes the weekly sessions from your calendar.",
    ],
    details: [
      ["Course", facts.courseTitle],
      ["Learner", facts.learnerName],
    ],
    action: { label: "My courses", url: facts.myCoursesUrl },
  });
}
