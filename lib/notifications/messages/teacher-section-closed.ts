import "server-only";

import { renderEmail } from "@/lib/notifications/layout";

import { hello } from "./facts";

export interface SectionClosedFacts {
  readerName: string | null;
  courseTitle: string;
  /** "Weekly on Monday and Thursday at 4:00 PM Eastern Time (New York)": the section's pattern in the teacher's zone. */
  schedule: string;
  /** Its status now: closed, or back to a draft. */
  status: "closed" | "draft";
  /** First name and grade only (a children's product): nothing else about the families. */
  learners: Array<{ firstName: string; grade: number }>;
  dashboardUrl: string;
}

/**
 * To a teacher, once, when someone else (an admin) closed their section with learners in it: who was
 * withdrawn. Their families were refunded in full and told; the teacher who closed it gets nothing.
 */
export function teacherSectionClosedEmail(facts: SectionClosedFacts) {
  const n = facts.learners.length;
  return renderEmail(`Your section was cancelled: ${facts.courseTitle}`, {
    greeting: hello(facts.readerName),
    paragraphs: [
      `Your section of ${facts.courseTitle} was ${facts.status === "closed" ? "closed" : "taken back to a draft"} by our team, so its classes will not take place.`,
      `${n === 1 ? "Its learner was" : `Its ${n} learners were`} withdrawn, and their families were refunded in full and told.`,
    ],
    details: [
      ["Section", `${facts.courseTitle}, ${facts.schedule}`],
      ...facts.learners.map((learner): [string, string] => ["Withdrawn", `${learner.firstName}, grade ${learner.grade}`]),
    ],
    action: { label: "Your dashboard", url: facts.dashboardUrl },
  });
}
