import "server-only";

import { renderEmail } from "@/lib/notifications/layout";

import { hello } from "./facts";

export interface LearnerWithdrawnFacts {
  readerName: string | null;
  /** First name and grade only (a children's product): nothing else about the family. */
  learnerFirstName: string;
  grade: number;
  courseTitle: string;
  /** "Weekly on Monday and Thursday at 4:00 PM Eastern Time (New York)": the section's pattern in the teacher's zone. */
  schedule: string;
  /** The section's next session in the teacher's zone; null when none is left. */
  nextWhen: string | null;
  dashboardUrl: string;
}

/** To a teacher, when a learner's seat in their section is cancelled (a withdrawal or a refund). */
export function teacherLearnerWithdrawnEmail(facts: LearnerWithdrawnFacts) {
  return renderEmail(`A learner left your section: ${facts.courseTitle}`, {
    greeting: hello(facts.readerName),
    paragraphs: [
      `${facts.learnerFirstName} is no longer enrolled in your section of ${facts.courseTitle}. The seat is free for another family.`,
    ],
    details: [
      ["Learner", facts.learnerFirstName],
      ["Grade", String(facts.grade)],
      ["Section", `${facts.courseTitle}, ${facts.schedule}`],
      ["Next session", facts.nextWhen ?? "No sessions left"],
    ],
    action: { label: "Your dashboard", url: facts.dashboardUrl },
  });
}
