import "server-only";

import { renderEmail } from "@/lib/notifications/layout";

import { hello } from "./facts";

/** Issue 38: the applicant's three messages on the teacher road: received, approved, declined. */
export interface ApplicationMailFacts {
  readerName: string | null;
  productName: string;
  /** /become-a-teacher, where the application's status shows. */
  statusUrl: string;
}

export function applicationReceivedEmail(facts: ApplicationMailFacts) {
  return renderEmail(`We have your application to teach with ${facts.productName}`, {
    greeting: hello(facts.readerName),
    paragraphs: [
      `Thank you for applying to teach with ${facts.productName}. We read every application.`,
      "Next we check your identity, run a background check and watch a short sample lesson; you accepted our child-safety policy with your application. We will write again when we have decided.",
    ],
    action: { label: "Your application", url: facts.statusUrl },
  });
}

export function applicationApprovedEmail(facts: ApplicationMailFacts & { teacherPageUrl: string; dashboardUrl: string }) {
  return renderEmail(`Welcome to ${facts.productName}: you are a teacher now`, {
    greeting: hello(facts.readerName),
    paragraphs: [
      "Your checks have passed and your application is approved. Your public teacher page is live, and your teacher dashboard is open.",
      "Sign out and in again to see it. Then add the courses you teach, set your weekly hours and publish your first section: we review a new teacher's first listing before it goes on sale, and after that your sections go on sale as soon as you publish them.",
      `Your public page: ${facts.teacherPageUrl}`,
    ],
    action: { label: "Your teacher dashboard", url: facts.dashboardUrl },
  });
}

export function applicationDeclinedEmail(facts: ApplicationMailFacts & { reason: string }) {
  return renderEmail(`Your application to teach with ${facts.productName}`, {
    greeting: hello(facts.readerName),
    paragraphs: [`Thank you for applying to teach with ${facts.productName}. We are not able to approve your application at this time.`],
    quote: { intro: "Our reviewer wrote:", text: facts.reason },
    footer: ["You may apply again from the same page when things change."],
    action: { label: "Your application", url: facts.statusUrl },
  });
}

/** Issue 38: the outcome of a new teacher's first listing review. */
export function listingReviewedEmail(facts: {
  readerName: string | null;
  courseTitle: string;
  approved: boolean;
  note: string | null;
  sectionUrl: string;
}) {
  return facts.approved
    ? renderEmail(`Your section of ${facts.courseTitle} is on sale`, {
        greeting: hello(facts.readerName),
        paragraphs: [
          `We reviewed your first listing, ${facts.courseTitle}, and it is on sale now: families find it on the course page and in the class finder.`,
          "From now on, sections you publish as Open go on sale at once.",
        ],
        action: { label: "Your section", url: facts.sectionUrl },
      })
    : renderEmail(`Your section of ${facts.courseTitle} needs a change`, {
        greeting: hello(facts.readerName),
        paragraphs: [`We reviewed your first listing, ${facts.courseTitle}, and returned it to draft.`],
        ...(facts.note ? { quote: { intro: "Our reviewer wrote:", text: facts.note } } : {}),
        footer: ["Change it and publish it again: it comes back to us for review."],
        action: { label: "Your section", url: facts.sectionUrl },
      });
}

/** Issue 38: a teacher's check runs out within 30 days; past it their classes are off sale until it is renewed. */
export function checkExpiringEmail(facts: { readerName: string | null; checkLabel: string; expiresOn: string; dashboardUrl: string }) {
  return renderEmail(`Your ${facts.checkLabel.toLowerCase()} expires on ${facts.expiresOn}`, {
    greeting: hello(facts.readerName),
    paragraphs: [
      `Your ${facts.checkLabel.toLowerCase()} expires on ${facts.expiresOn}. Please reply to this email or contact our team to renew it before then.`,
      "If it expires, your sections come off sale until it is renewed; families already enrolled keep their classes.",
    ],
    action: { label: "Your teacher dashboard", url: facts.dashboardUrl },
  });
}

/** Issue 38: an admin's decision on a course a teacher proposed: in the catalogue, or returned with the admin's note. */
export function courseProposalDecidedEmail(facts: {
  readerName: string | null;
  proposalTitle: string;
  accepted: boolean;
  note: string | null;
  /** The course's public page, when accepted. */
  courseUrl: string | null;
  /** /teacher/courses, where the teacher's proposals and courses show. */
  coursesUrl: string;
}) {
  return facts.accepted
    ? renderEmail(`${facts.proposalTitle} is in the catalogue`, {
        greeting: hello(facts.readerName),
        paragraphs: [
          `We accepted the course you proposed, ${facts.proposalTitle}. It is in the catalogue now, and you teach it.`,
          "Publish a section of it to put it on sale.",
          ...(facts.courseUrl ? [`Its public page: ${facts.courseUrl}`] : []),
        ],
        ...(facts.note ? { quote: { intro: "Our reviewer wrote:", text: facts.note } } : {}),
        action: { label: "Your courses", url: facts.coursesUrl },
      })
    : renderEmail(`The course you proposed, ${facts.proposalTitle}, needs a change`, {
        greeting: hello(facts.readerName),
        paragraphs: [`We read the course you proposed, ${facts.proposalTitle}, and returned it to you.`],
        ...(facts.note ? { quote: { intro: "Our reviewer wrote:", text: facts.note } } : {}),
        footer: ["You may propose it again, changed, from the same page."],
        action: { label: "Your courses", url: facts.coursesUrl },
      });
}
