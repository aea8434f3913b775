import "server-only";

import { renderEmail } from "@/lib/notifications/layout";

import { hello, type TeacherDemoFacts } from "./facts";

export function teacherDemoCancelledEmail(facts: TeacherDemoFacts) {
  return renderEmail(`Free demo cancelled: ${facts.when}`, {
    greeting: hello(facts.readerName),
    paragraphs: ["A family cancelled its free demo class. The time is open again, and the invite attached removes it from your calendar."],
    details: [
      ["Course", facts.courseTitle],
      ["Was", facts.when],
    ],
    action: { label: "Your dashboard", url: facts.dashboardUrl },
  });
}
