import "server-only";

import { renderEmail } from "@/lib/notifications/layout";

import { hello, type DemoFacts } from "./facts";

export function parentDemoBookedEmail(facts: DemoFacts) {
  return renderEmail(`Your free demo is booked: ${facts.when}`, {
    greeting: hello(facts.readerName),
    paragraphs: ["Your free demo class is booked. The invite attached adds it to your calendar."],
    details: [
      ["Course", facts.courseTitle],
      ["Teacher", facts.teacherName],
      ["When", facts.when],
    ],
    action: { label: "See, move or cancel your booking", url: facts.statusUrl },
  });
}
