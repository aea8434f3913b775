import "server-only";

import { renderEmail } from "@/lib/notifications/layout";

import { hello } from "./facts";

/** How long before a session its reminders go (transactional: they always go). */
export const REMINDER_KINDS = { "24h": 24 * 60 * 60_000, "1h": 60 * 60_000 } as const;
export type ReminderKind = keyof typeof REMINDER_KINDS;

export interface SessionReminderFacts {
  readerName: string | null;
  /** The child's first name (an enrolled section); null for a demo booked before the child was known. */
  learnerName: string | null;
  courseTitle: string;
  teacherName: string;
  /** The session's start in the reader's zone, with the zone named. */
  when: string;
  kind: ReminderKind;
  isDemo: boolean;
  /**
   * Where the family sees the booking: the demo's status page, or My courses, whose Join button is
   * the one way into a class. No meeting link is mailed: a mailed link outlives the seat (issue 26).
   */
  pageUrl: string;
}

/** To a parent, 24 hours and 1 hour before each demo or section session. */
export function sessionReminderEmail(facts: SessionReminderFacts) {
  const what = facts.isDemo ? `Free demo: ${facts.courseTitle}` : facts.courseTitle;
  const soon = facts.kind === "24h" ? "Tomorrow" : "In 1 hour";
  const who = facts.learnerName ? `${facts.learnerName}'s` : "Your";
  return renderEmail(`${soon}: ${what}, ${facts.when}`, {
    greeting: hello(facts.readerName),
    paragraphs: [
      `${who} ${facts.isDemo ? "free demo class" : "class"} starts ${facts.kind === "24h" ? "in about 24 hours" : "in about an hour"}.`,
      facts.isDemo
        ? "Your booking page has the details, and lets you move or cancel it."
        : "My courses has the Join button, from 10 minutes before the start.",
    ],
    details: [
      ["Course", facts.courseTitle],
      ["Teacher", facts.teacherName],
      ["When", facts.when],
    ],
    action: { label: facts.isDemo ? "See your booking" : "My courses", url: facts.pageUrl },
  });
}
