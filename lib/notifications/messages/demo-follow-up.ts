import "server-only";

import { renderEmail } from "@/lib/notifications/layout";

import { hello } from "./facts";

export interface DemoFollowUpFacts {
  readerName: string | null;
  courseTitle: string;
  /** The course page (its sections and the enrol button), or the catalogue. */
  courseUrl: string;
  /** The reader's own unsubscribe page (this message is non-essential). */
  unsubscribeUrl: string;
}

/** To a parent, within 24 hours after the demo's end: non-essential, so it carries List-Unsubscribe. */
export function demoFollowUpEmail(facts: DemoFollowUpFacts) {
  return renderEmail(`How was the free demo of ${facts.courseTitle}?`, {
    greeting: hello(facts.readerName),
    paragraphs: [
      `Thank you for joining the free demo of ${facts.courseTitle}. We hope your child enjoyed it.`,
      "If you would like to continue, the course page lists the weekly sections with open seats.",
      `You are receiving this because you booked a free demo. To stop messages like this one (booking messages and reminders still come): ${facts.unsubscribeUrl}`,
    ],
    action: { label: "Enrol in the course", url: facts.courseUrl },
  });
}
