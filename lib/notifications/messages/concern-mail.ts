import "server-only";

import { renderEmail } from "@/lib/notifications/layout";

import { hello } from "./facts";

/** To the person who reported a concern (issue 40), when support closed it. It names what was reported, never the outcome for another person. */
export function concernClosedEmail(facts: { readerName: string | null; subjectLabel: string; reportedOn: string; supportUrl: string }) {
  return renderEmail("Your report has been closed", {
    greeting: hello(facts.readerName),
    paragraphs: [
      "Thank you for telling us. Our support team has looked into your report and has now closed it.",
      "If something still worries you, or it happens again, report it again or contact us: a child's safety comes first.",
    ],
    details: [
      ["Report about", facts.subjectLabel],
      ["Reported on", facts.reportedOn],
    ],
    action: { label: "Contact support", url: facts.supportUrl },
  });
}

/** To a parent whose child has a seat with a teacher suspended on a concern (issue 40). */
export function teacherSuspendedEmail(facts: {
  readerName: string | null;
  teacherName: string;
  courseTitle: string;
  learnerName: string;
  myCoursesUrl: string;
}) {
  return renderEmail(`${facts.courseTitle}: classes with ${facts.teacherName} are paused`, {
    greeting: hello(facts.readerName),
    paragraphs: [
      `Our support team has paused ${facts.teacherName}'s teaching while we look into a concern. ${facts.learnerName}'s class ${facts.courseTitle} is off sale, and messages with ${facts.teacherName} are closed.`,
      "Your seat stays booked for now. If the class cannot go on, we close it and refund the sessions not yet held, by our published rules, and tell you.",
    ],
    details: [
      ["Course", facts.courseTitle],
      ["Learner", facts.learnerName],
      ["Teacher", facts.teacherName],
    ],
    action: { label: "My courses", url: facts.myCoursesUrl },
  });
}
