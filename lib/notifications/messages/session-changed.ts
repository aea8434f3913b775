import "server-only";

import { renderEmail } from "@/lib/notifications/layout";

import { hello } from "./facts";

export type SessionChangeKind = "moved" | "cancelled" | "makeup";

export interface SessionChangedFacts {
  kind: SessionChangeKind;
  readerName: string | null;
  learnerName: string;
  courseTitle: string;
  /** The occurrence by the regular schedule, in the reader's zone (named). */
  wasWhen: string;
  /** The new time (moved) or the make-up's, in the reader's zone; null for a cancellation. */
  nowWhen: string | null;
  /** A cancellation: when its share of the price is credited if no make-up is set, in the reader's zone. */
  creditWhen: string | null;
  myCoursesUrl: string;
}

const SUBJECTS: Record<SessionChangeKind, (title: string) => string> = {
  moved: (title) => `One ${title} session has moved`,
  cancelled: (title) => `One ${title} session is cancelled`,
  makeup: (title) => `A make-up session for ${title}`,
};

/** To a parent, when one session of their child's class moved, was cancelled or got its make-up (issue 27). */
export function sessionChangedEmail(facts: SessionChangedFacts) {
  const paragraphs =
    facts.kind === "moved"
      ? [
          `The teacher has moved one session of ${facts.courseTitle}, which ${facts.learnerName} is booked into. The other sessions stay as they were.`,
          "The invite attached moves that session in your calendar. Reminders and the Join button follow the new time.",
        ]
      : facts.kind === "cancelled"
        ? [
            `The teacher has cancelled one session of ${facts.courseTitle}, which ${facts.learnerName} is booked into. The other sessions stay as they were.`,
            `The teacher may propose a make-up session; we will write when they do. If none is set by ${facts.creditWhen ?? "the deadline"}, that session's share of the price goes to your Cash automatically.`,
            "The invite attached marks the session cancelled in your calendar.",
          ]
        : [
            `The teacher has set a make-up session for the cancelled session of ${facts.courseTitle}, which ${facts.learnerName} is booked into.`,
            "The invite attached puts it in your calendar. Reminders and the Join button follow it.",
          ];
  return renderEmail(SUBJECTS[facts.kind](facts.courseTitle), {
    greeting: hello(facts.readerName),
    paragraphs,
    details: [
      ["Course", facts.courseTitle],
      ["Learner", facts.learnerName],
      [facts.kind === "moved" ? "Regular time" : "Cancelled session", facts.wasWhen],
      ...(facts.nowWhen ? [[facts.kind === "makeup" ? "Make-up session" : "Now", facts.nowWhen] as [string, string]] : []),
    ],
    action: { label: "My courses", url: facts.myCoursesUrl },
  });
}
