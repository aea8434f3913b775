import "server-only";

import { renderEmail } from "@/lib/notifications/layout";

import { hello, type DemoFacts } from "./facts";

export function parentDemoMovedEmail(facts: DemoFacts) {
  return renderEmail(`Your free demo has moved to ${facts.when}`, {
    greeting: hello(facts.readerName),
    paragraphs: ["Your free demo class has moved. The invite attached updates the event already in your calendar."],
    details: [
      ["Course", facts.courseTitle],
      ["Teacher", facts.teacherName],
      ["New time", facts.when],
      ...(facts.previousWhen ? ([["Was", facts.previousWhen]] as Array<[string, string]>) : []),
    ],
    action: { label: "See, move or cancel your booking", url: facts.statusUrl },
  });
}
