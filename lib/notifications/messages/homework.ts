import "server-only";

import { renderEmail } from "@/lib/notifications/layout";

import { hello } from "./facts";

export interface HomeworkFeedbackFacts {
  readerName: string | null;
  child: string;
  teacherName: string;
  courseTitle: string;
  taskTitle: string;
  /** "Effort: 4 of 4 (Excellent)", one line per criterion. */
  marks: string[];
  pageUrl: string;
}

/**
 * To the parent: the teacher returned feedback on their child's work. The marks are in the email;
 * the teacher's comment is read on the site, like every message between a teacher and a family.
 */
export function homeworkFeedbackEmail(facts: HomeworkFeedbackFacts) {
  return renderEmail(`${facts.teacherName} returned ${facts.child}'s homework: ${facts.taskTitle}`, {
    greeting: hello(facts.readerName),
    paragraphs: [
      `${facts.teacherName} has marked ${facts.child}'s homework "${facts.taskTitle}" for ${facts.courseTitle} and written a comment.`,
      "Read the comment on My courses.",
    ],
    details: [
      ["Homework", facts.taskTitle],
      ["Course", facts.courseTitle],
      ...facts.marks.map((line) => ["Mark", line] as [string, string]),
    ],
    action: { label: "Read the feedback", url: facts.pageUrl },
  });
}

export interface HomeworkDueFacts {
  readerName: string | null;
  child: string;
  courseTitle: string;
  taskTitle: string;
  /** The due time in the family's zone, the zone named. */
  due: string;
  pageUrl: string;
  preferencesUrl: string;
}

/** The day before homework is due, to a family that has not handed it in. Non-essential: the family can turn these off. */
export function homeworkDueEmail(facts: HomeworkDueFacts) {
  return renderEmail(`Homework due soon for ${facts.child}: ${facts.taskTitle}`, {
    greeting: hello(facts.readerName),
    paragraphs: [
      `${facts.child}'s homework "${facts.taskTitle}" for ${facts.courseTitle} is due ${facts.due}. Late work is still taken, marked late.`,
    ],
    details: [
      ["Homework", facts.taskTitle],
      ["Due", facts.due],
    ],
    action: { label: "Hand it in", url: facts.pageUrl },
    footer: [`To stop reminders like this one (booking messages still come): ${facts.preferencesUrl}`],
  });
}
