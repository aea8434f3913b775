import "server-only";

import { renderEmail } from "@/lib/notifications/layout";

import { hello } from "./facts";

export interface WaitlistOfferFacts {
  readerName: string | null;
  learnerName: string;
  courseTitle: string;
  /** The offer's deadline in the parent's zone, with the zone named. */
  until: string;
  /** /my-courses, where Enrol now is. */
  myCoursesUrl: string;
}

/** To the parent first in line: a seat is free for their child until the deadline. */
export function waitlistOfferEmail(facts: WaitlistOfferFacts) {
  return renderEmail(`A seat is free in ${facts.courseTitle} for ${facts.learnerName}`, {
    greeting: hello(facts.readerName),
    paragraphs: [
      `A seat is free in ${facts.courseTitle} for ${facts.learnerName} until ${facts.until}.`,
      "We are holding it for you: enrol before then and it is yours. After that it goes to the next family in line.",
    ],
    details: [
      ["Class", facts.courseTitle],
      ["For", facts.learnerName],
      ["Enrol by", facts.until],
    ],
    action: { label: "Enrol now", url: facts.myCoursesUrl },
  });
}

/** To the parent whose offer ran out unused: the seat went to the next in line. */
export function waitlistOfferLapsedEmail(facts: Omit<WaitlistOfferFacts, "until"> & { until: string }) {
  return renderEmail(`The seat offered in ${facts.courseTitle} has gone to the next family`, {
    greeting: hello(facts.readerName),
    paragraphs: [
      `The seat we held in ${facts.courseTitle} for ${facts.learnerName} was not taken by ${facts.until}, so it went to the next family in line.`,
      `${facts.learnerName} is no longer on this class's waitlist. If the class is still full, you can join the waitlist again from its course page.`,
    ],
    details: [
      ["Class", facts.courseTitle],
      ["For", facts.learnerName],
    ],
    action: { label: "See your courses", url: facts.myCoursesUrl },
  });
}
