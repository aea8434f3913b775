import "server-only";

import { renderEmail } from "@/lib/notifications/layout";

import { hello } from "./facts";
import { namesInProse } from "./session-changed";

/** What the families of a missed session were offered, as it stands when the message is sent. */
export type MissedSessionOffer =
  /** A make-up the teacher may still set; else each paid seat's share is credited at `creditWhen`. */
  | { kind: "makeup-or-credit"; creditWhen: string }
  /** The teacher set a make-up since (the families were told). */
  | { kind: "makeup"; makeupWhen: string }
  /** No make-up came by the deadline: each paid seat's share is in its family's Cash. */
  | { kind: "credited" };

export interface TeacherMissedSessionFacts {
  readerName: string | null;
  courseTitle: string;
  /** The session as it was held (its regular time, a moved session's or a make-up's), in the teacher's zone (named). */
  missedWhen: string;
  /** The session was a make-up (of one cancelled before). */
  wasMakeup: boolean;
  /** First names of the learners whose families were told (a children's product: nothing more). */
  learnerNames: string[];
  offer: MissedSessionOffer;
  /** The section's sessions page, where a make-up is set. */
  sessionsUrl: string;
}

/**
 * To a teacher, once per missed session, when they never came into the classroom for a session and
 * it was cancelled for its families by the session-change rules (lib/classroom/reliability.ts):
 * which session, that it is on their reliability record, and what the families were offered.
 */
export function teacherMissedSessionEmail(facts: TeacherMissedSessionFacts) {
  const session = facts.wasMakeup ? "make-up session" : "session";
  const families =
    facts.learnerNames.length === 0
      ? "It had no learners booked, so no family was told."
      : `We told the ${facts.learnerNames.length === 1 ? "family" : "families"} of ${namesInProse(facts.learnerNames)} that the ${session} is cancelled.`;
  const offer =
    facts.offer.kind === "makeup-or-credit"
      ? `They were offered a make-up session: you can set one on the section's sessions page until ${facts.offer.creditWhen}. If none is set by then, each family's share of that session's price is credited to their Cash automatically.`
      : facts.offer.kind === "makeup"
        ? `You have since set a make-up session for ${facts.offer.makeupWhen}, and the families were told.`
        : "No make-up session was set by the deadline, so each family's share of that session's price was credited to their Cash.";
  return renderEmail(`Your ${facts.courseTitle} ${session} was cancelled: you did not join`, {
    greeting: hello(facts.readerName),
    paragraphs: [
      `You did not come into the classroom for the ${session} of ${facts.courseTitle} on ${facts.missedWhen}, so it counts as cancelled and is on your reliability record.`,
      families,
      ...(facts.learnerNames.length === 0 ? [] : [offer]),
    ],
    details: [
      ["Course", facts.courseTitle],
      [facts.wasMakeup ? "Missed make-up session" : "Missed session", facts.missedWhen],
      ...(facts.learnerNames.length === 0 ? [] : [["Learners", namesInProse(facts.learnerNames)] as [string, string]]),
      facts.offer.kind === "makeup-or-credit"
        ? ["Make-up by", facts.offer.creditWhen]
        : facts.offer.kind === "makeup"
          ? ["Make-up session", facts.offer.makeupWhen]
          : ["Families", "Credited"],
    ],
    action: { label: facts.offer.kind === "makeup-or-credit" ? "Set a make-up session" : "Section sessions", url: facts.sessionsUrl },
  });
}
