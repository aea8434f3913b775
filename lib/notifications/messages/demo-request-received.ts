import "server-only";

import { renderEmail } from "@/lib/notifications/layout";

import { hello } from "./facts";

/** SPEC 9's demo success dialog: the same promise, word for word, in writing. */
export const DEMO_REPLY_PROMISE = "Thank you for showing your interest. Our team will reach you in 24hrs.";

/** To a parent, as the demo form is sent: the request is in, and when we will answer. */
export function demoRequestReceivedEmail(facts: { readerName: string | null; courseTitle: string | null; coursesUrl: string }) {
  return renderEmail("We received your free demo request", {
    greeting: hello(facts.readerName),
    paragraphs: [
      facts.courseTitle
        ? `We received your request for a free demo of ${facts.courseTitle}.`
        : "We received your request for a free demo class.",
      DEMO_REPLY_PROMISE,
      "If you picked a time for the demo, a separate message confirms it with a calendar invite and a link to see, move or cancel it.",
    ],
    action: { label: "Our courses", url: facts.coursesUrl },
  });
}
