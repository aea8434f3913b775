import "server-only";

import { renderEmail } from "@/lib/notifications/layout";

import { hello } from "./facts";

export interface EnrolmentFacts {
  readerName: string | null;
  learnerName: string;
  courseTitle: string;
  teacherName: string;
  /** The first session in the reader's zone. */
  firstWhen: string;
  /** "Weekly on Tuesday and Thursday at 4:00 PM United Kingdom Time (London)": the pattern in the reader's zone. */
  schedule: string;
  myCoursesUrl: string;
}

/** To a parent, when a seat is confirmed (paid): what, when, and the recurring invite. */
export function enrolmentConfirmedEmail(facts: EnrolmentFacts) {
  return renderEmail(`${facts.learnerName} is enrolled in ${facts.courseTitle}`, {
    greeting: hello(facts.readerName),
    paragraphs: [
      `${facts.learnerName}'s seat in ${facts.courseTitle} is confirmed. The invite attached adds every session to your calendar.`,
      "We send a reminder 24 hours and 1 hour before each session.",
    ],
    details: [
      ["Course", facts.courseTitle],
      ["Learner", facts.learnerName],
      ["Teacher", facts.teacherName],
      ["First session", facts.firstWhen],
      ["Schedule", facts.schedule],
    ],
    action: { label: "My courses", url: facts.myCoursesUrl },
  });
}
