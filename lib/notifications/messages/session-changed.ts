import "server-only";

import { renderEmail } from "@/lib/notifications/layout";

import { hello } from "./facts";

export type SessionChangeKind = "moved" | "cancelled" | "makeup";

export interface SessionChangedFacts {
  kind: SessionChangeKind;
  readerName: string | null;
  /** Every child of the family booked into the session (one message per family, naming them all). */
  learnerNames: string[];
  courseTitle: string;
  /** The occurrence by the regular schedule, in the reader's zone (named). */
  wasWhen: string;
  /** The new time (moved) or the make-up's, in the reader's zone; null for a cancellation. */
  nowWhen: string | null;
  /** A cancellation: when its share of the price is credited if no make-up is set, in the reader's zone. */
  creditWhen: string | null;
  /** A cancellation because the teacher never came into the classroom (the reliability job's), not one they chose. */
  missedByTeacher?: boolean;
  myCoursesUrl: string;
}

const SUBJECTS: Record<SessionChangeKind, (title: string) => string> = {
  moved: (title) => `One ${title} session has moved`,
  cancelled: (title) => `One ${title} session is cancelled`,
  makeup: (title) => `A make-up session for ${title}`,
};

/** "Mia", "Mia and Leo", "Mia, Leo and Sam". */
export function namesInProse(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/**
 * To a parent, when one session of their children's class moved, was cancelled or got its make-up
 * (issue 27): one message per family, naming every child of theirs booked into it.
 */
export function sessionChangedEmail(facts: SessionChangedFacts) {
  const learners = namesInProse(facts.learnerNames);
  const isAre = facts.learnerNames.length > 1 ? "are" : "is";
  const invites = facts.learnerNames.length > 1 ? "The invite attached updates each of their seats" : "The invite attached";
  const paragraphs =
    facts.kind === "moved"
      ? [
          `The teacher has moved one session of ${facts.courseTitle}, which ${learners} ${isAre} booked into. The other sessions stay as they were.`,
          `${invites}: it moves that session in your calendar. Reminders and the Join button follow the new time.`,
        ]
      : facts.kind === "cancelled"
        ? [
            facts.missedByTeacher
              ? `The teacher did not come to the classroom for one session of ${facts.courseTitle}, which ${learners} ${isAre} booked into, so that session counts as cancelled. We are sorry. The other sessions stay as they were.`
              : `The teacher has cancelled one session of ${facts.courseTitle}, which ${learners} ${isAre} booked into. The other sessions stay as they were.`,
            `The teacher may propose a make-up session; we will write when they do. If none is set by ${facts.creditWhen ?? "the deadline"}, that session's share of the price goes to your Cash automatically.`,
            `${invites}: it marks the session cancelled in your calendar.`,
          ]
        : [
            `The teacher has set a make-up session for the cancelled session of ${facts.courseTitle}, which ${learners} ${isAre} booked into.`,
            `${invites}: it puts the make-up in your calendar. Reminders and the Join button follow it.`,
          ];
  return renderEmail(SUBJECTS[facts.kind](facts.courseTitle), {
    greeting: hello(facts.readerName),
    paragraphs,
    details: [
      ["Course", facts.courseTitle],
      [facts.learnerNames.length > 1 ? "Learners" : "Learner", learners],
      [facts.kind === "moved" ? "Regular time" : "Cancelled session", facts.wasWhen],
      ...(facts.nowWhen ? [[facts.kind === "makeup" ? "Make-up session" : "Now", facts.nowWhen] as [string, string]] : []),
    ],
    action: { label: "My courses", url: facts.myCoursesUrl },
  });
}
