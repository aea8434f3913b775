import "server-only";

import { renderEmail } from "@/lib/notifications/layout";

import { hello } from "./facts";

export interface NewLearnerFacts {
  readerName: string | null;
  /** First name and grade only (a children's product): nothing else about the family. */
  learnerFirstName: string;
  grade: number;
  courseTitle: string;
  /** The learner's first session in the teacher's zone. */
  firstWhen: string;
  dashboardUrl: string;
}

/** To a teacher, when a seat in their section is confirmed. */
export function teacherNewLearnerEmail(facts: NewLearnerFacts) {
  return renderEmail(`A new learner booked into your section: ${facts.courseTitle}`, {
    greeting: hello(facts.readerName),
    paragraphs: [`A new learner booked into your section of ${facts.courseTitle}.`],
    details: [
      ["Learner", facts.learnerFirstName],
      ["Grade", String(facts.grade)],
      ["Course", facts.courseTitle],
      ["First session", facts.firstWhen],
    ],
    action: { label: "Your dashboard", url: facts.dashboardUrl },
  });
}
