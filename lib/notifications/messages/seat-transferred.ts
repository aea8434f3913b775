import "server-only";

import { renderEmail } from "@/lib/notifications/layout";

import { hello } from "./facts";

export interface SeatTransferredFacts {
  readerName: string | null;
  learnerName: string;
  courseTitle: string;
  teacherName: string;
  /** The first session in the new section, in the reader's zone. */
  firstWhen: string;
  /** The new section's weekly pattern in the reader's zone. */
  schedule: string;
  /** "$20.00 was taken from your … Cash." / "… added to …", or null when the prices were the same. */
  money: string | null;
  myCoursesUrl: string;
}

/** To a parent who moved a seat to another section (issue 27): the new times, the money, and the invite moving the series in place. */
export function seatTransferredEmail(facts: SeatTransferredFacts) {
  return renderEmail(`${facts.learnerName} moved to new times for ${facts.courseTitle}`, {
    greeting: hello(facts.readerName),
    paragraphs: [
      `${facts.learnerName}'s seat in ${facts.courseTitle} is now in another section. The invite attached moves the sessions in your calendar; the old times are gone from it.`,
      ...(facts.money ? [facts.money] : []),
      "Reminders follow the new times.",
    ],
    details: [
      ["Course", facts.courseTitle],
      ["Learner", facts.learnerName],
      ["Teacher", facts.teacherName],
      ["First session", facts.firstWhen],
      ["New schedule", facts.schedule],
    ],
    action: { label: "My courses", url: facts.myCoursesUrl },
  });
}
