import "server-only";

import { renderEmail } from "@/lib/notifications/layout";

/** SPEC 9's demo success dialog: the same promise, word for word, in writing. */
export const DEMO_REPLY_PROMISE = "Thank you for showing your interest. Our team will reach you in 24hrs.";

/**
 * To the address typed into the demo form, as it is sent: the request is in, and when we will
 * answer. Anyone can type any address there, so the message carries nothing the visitor typed
 * (issue 26 finding 8): no name, no message; the course is named only as our catalogue names it.
 */
export function demoRequestReceivedEmail(facts: { courseTitle: string | null; coursesUrl: string; pickTimeUrl?: string | null }) {
  return renderEmail("We received your free demo request", {
    greeting: "Hello,",
    paragraphs: [
      facts.courseTitle
        ? `We received your request for a free demo of ${facts.courseTitle}.`
        : "We received your request for a free demo class.",
      DEMO_REPLY_PROMISE,
      facts.pickTimeUrl
        ? "You can also pick a time for the demo yourself from our teachers' open times, with the button below. If you already picked one, a separate message confirms it with a calendar invite and a link to see, move or cancel it."
        : "If you picked a time for the demo, a separate message confirms it with a calendar invite and a link to see, move or cancel it.",
      "If you did not ask for a demo, someone may have typed your address by mistake, and you can ignore this email.",
    ],
    action: facts.pickTimeUrl ? { label: "Pick a time", url: facts.pickTimeUrl } : { label: "Our courses", url: facts.coursesUrl },
  });
}
