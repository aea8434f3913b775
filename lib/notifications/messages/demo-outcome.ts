import "server-only";

import { renderEmail } from "@/lib/notifications/layout";

import { hello } from "./facts";

export interface DemoOutcomeFacts {
  readerName: string | null;
  courseTitle: string;
  teacherName: string;
  /** The child's first name, or "your child". */
  child: string;
  /** The teacher's note for the parent (may be empty for a no-show). */
  note: string;
  /** "Intermediate", when the teacher gave a level. */
  level: string | null;
  /** The one-click enrol link and its words, when the teacher recommended an open section. */
  enrol: { label: string; url: string } | null;
  /** The course page (its sections), when no section is recommended. */
  courseUrl: string;
  /** The family's demo page (the note, the enrol button, or booking another time for a no-show). */
  statusUrl: string;
  unsubscribeUrl: string;
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const unsubscribeLine = (url: string) =>
  `You are receiving this because you booked a free demo. To stop messages like this one (booking messages and reminders still come): ${url}`;

/**
 * After a demo the teacher marked attended: the teacher's note (quoted: their words, not ours),
 * the level, and the one-click enrol in the section they recommend. Non-essential (List-Unsubscribe),
 * like the follow-up it replaces.
 */
export function demoAttendedEmail(facts: DemoOutcomeFacts) {
  const details: Array<[string, string]> = [["Course", facts.courseTitle]];
  if (facts.level) details.push(["Level", facts.level]);
  return renderEmail(`${facts.teacherName} on the free demo of ${facts.courseTitle}`, {
    greeting: hello(facts.readerName),
    paragraphs: [
      `Thank you for joining the free demo of ${facts.courseTitle}. ${facts.teacherName} wrote a note about how it went for ${facts.child}.`,
      facts.enrol
        ? `${facts.teacherName} recommends a weekly class for ${facts.child}. One click puts the seat in your cart; you pay there (sign in first if you have no account yet).`
        : "If you would like to continue, the course page lists the weekly classes with open seats.",
    ],
    quote: facts.note ? { intro: `${facts.teacherName}'s note:`, text: facts.note } : undefined,
    details,
    action: facts.enrol ?? { label: "See the classes of the course", url: facts.courseUrl },
    footer: [`The note stays on your demo's page: ${facts.statusUrl}`, unsubscribeLine(facts.unsubscribeUrl)],
  });
}

/** After a demo the teacher marked as a no-show: an offer to book another time, on the demo's page. */
export function demoNoShowEmail(facts: DemoOutcomeFacts) {
  return renderEmail(`We missed ${facts.child === "your child" ? "you" : facts.child} at the free demo of ${facts.courseTitle}`, {
    greeting: hello(facts.readerName),
    paragraphs: [
      `${capitalised(facts.child)} did not join the free demo of ${facts.courseTitle} with ${facts.teacherName}. It happens: the demo is still free, and you can book another time on your demo's page.`,
    ],
    quote: facts.note ? { intro: `${facts.teacherName}'s note:`, text: facts.note } : undefined,
    action: { label: "Book another time", url: facts.statusUrl },
    footer: [unsubscribeLine(facts.unsubscribeUrl)],
  });
}
