import "server-only";

import { renderEmail } from "@/lib/notifications/layout";

import { hello, type TeacherDemoFacts } from "./facts";

export function teacherDemoMovedEmail(facts: TeacherDemoFacts) {
  return renderEmail(`Free demo moved to ${facts.when}`, {
    greeting: hello(facts.readerName),
    paragraphs: ["A family moved its free demo class to another of your open times. The invite attached updates your calendar."],
    details: [
      ["Course", facts.courseTitle],
      ["New time", facts.when],
      ...(facts.previousWhen ? ([["Was", facts.previousWhen]] as Array<[string, string]>) : []),
    ],
    action: { label: "Your dashboard", url: facts.dashboardUrl },
  });
}
