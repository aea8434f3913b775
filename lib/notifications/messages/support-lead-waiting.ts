import "server-only";

import { renderEmail } from "@/lib/notifications/layout";

export interface LeadWaitingFacts {
  /** Hours since the request came in. */
  hoursWaiting: number;
  courseTitle: string | null;
  /** When it came in, in UTC with the zone named. */
  receivedAt: string;
  queueUrl: string;
}

/** To support: a new demo request is past half of the 24-hour promise and nobody has taken it. */
export function supportLeadWaitingEmail(facts: LeadWaitingFacts) {
  return renderEmail(`A demo request has waited ${facts.hoursWaiting} hours: nobody has taken it`, {
    greeting: "Hello team,",
    paragraphs: [
      "A new demo request is past half of our 24-hour promise and is still new (nobody has contacted the family or changed it).",
    ],
    details: [
      ["Received", facts.receivedAt],
      ["Course", facts.courseTitle ?? "Not sure yet"],
    ],
    action: { label: "Open the queue", url: facts.queueUrl },
  });
}
