import "server-only";

import { renderEmail } from "@/lib/notifications/layout";

import { hello } from "./facts";

export interface SectionTeacherChangedFacts {
  readerName: string | null;
  learnerName: string;
  courseTitle: string;
  teacherName: string;
  messagesUrl: string;
}

/** To a parent, when an admin gave their child's class to another teacher (issue 40): who teaches now, and that messages go to them. */
export function sectionTeacherChangedEmail(facts: SectionTeacherChangedFacts) {
  return renderEmail(`${facts.teacherName} now teaches ${facts.courseTitle}`, {
    greeting: hello(facts.readerName),
    paragraphs: [
      `${facts.teacherName} now teaches ${facts.courseTitle}, which ${facts.learnerName} is booked into. The times stay as they were.`,
      `Your conversations about this class now go to ${facts.teacherName}; the previous teacher no longer reads them.`,
    ],
    details: [
      ["Course", facts.courseTitle],
      ["Learner", facts.learnerName],
      ["Teacher", facts.teacherName],
    ],
    action: { label: "Messages", url: facts.messagesUrl },
  });
}
