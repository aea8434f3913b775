import "server-only";

import { renderEmail } from "@/lib/notifications/layout";

import { hello, type DemoFacts } from "./facts";

export function parentDemoCancelledEmail(facts: DemoFacts) {
  return renderEmail("Your free demo is cancelled", {
    greeting: hello(facts.readerName),
    paragraphs: [
      "Your free demo class is cancelled. The invite attached removes it from your calendar.",
      "You are welcome to book another demo whenever it suits you.",
    ],
    details: [
      ["Course", facts.courseTitle],
      ["Teacher", facts.teacherName],
      ["Was", facts.when],
    ],
    action: { label: "Your booking", url: facts.statusUrl },
  });
}
