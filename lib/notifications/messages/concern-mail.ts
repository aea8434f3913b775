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

/**
 * To a parent whose child's seat was withdrawn because its teacher was suspended on a concern
 * (issue 40): the class will not go on, what went back to their Cash, and what stays (sessions held).
 */
export function teacherSuspendedEmail(facts: {
  readerName: string | null;
  teacherName: string;
  courseTitle: string;
  learnerName: string;
  refunded: string;
  cashLabel: string;
  myCoursesUrl: string;
}) {
  return renderEmail(`${facts.courseTitle}: classes with ${facts.teacherName} are cancelled`, {
    greeting: hello(facts.readerName),
    paragraphs: [
      `Our support team has suspended ${facts.teacherName}'s teaching after a concern was raised. ${facts.learnerName}'s class ${facts.courseTitle} will not go on, and messages with ${facts.teacherName} are closed.`,
      `The sessions not yet held, ${facts.refunded}, went back to your ${facts.cashLabel}, so you can choose another class at once. Sessions already held are not refunded. The class is removed from your calendar.`,
    ],
    details: [
      ["Course", facts.courseTitle],
      ["Learner", facts.learnerName],
      ["Teacher", facts.teacherName],
      [`Back to your ${facts.cashLabel}`, facts.refunded],
    ],
    action: { label: "Find another class", url: facts.myCoursesUrl },
  });
}
