import "server-only";

import { renderEmail } from "@/lib/notifications/layout";

import { hello } from "./facts";

export interface SectionRescheduledFacts {
  readerName: string | null;
  learnerName: string;
  courseTitle: string;
  /** The next session under the new times, in the reader's zone. */
  nextWhen: string;
  /** "Weekly on Tuesday and Thursday at 4:00 PM United Kingdom Time (London)": the new pattern in the reader's zone. */
  schedule: string;
  myCoursesUrl: string;
}

/** To a parent, when the teacher changed the times of a class their child is booked into: the invite attached moves every session. */
export function sectionRescheduledEmail(facts: SectionRescheduledFacts) {
  return renderEmail(`New times for ${facts.courseTitle}`, {
    greeting: hello(facts.readerName),
    paragraphs: [
      `The teacher has changed the times of ${facts.courseTitle}, which ${facts.learnerName} is booked into.`,
      "The invite attached moves the sessions in your calendar. Reminders follow the new times.",
    ],
    details: [
      ["Course", facts.courseTitle],
      ["Learner", facts.learnerName],
      ["Next session", facts.nextWhen],
      ["New schedule", facts.schedule],
    ],
    action: { label: "My courses", url: facts.myCoursesUrl },
  });
}
