import "server-only";

import { renderEmail } from "@/lib/notifications/layout";

import { hello, type TeacherDemoFacts } from "./facts";

export function teacherDemoBookedEmail(facts: TeacherDemoFacts) {
  return renderEmail(`New free demo: ${facts.when}`, {
    greeting: hello(facts.readerName),
    paragraphs: ["A family booked a free demo class into your open time. The invite attached adds it to your calendar."],
    details: [
      ["Course", facts.courseTitle],
      ["When", facts.when],
      ...(facts.grade ? ([["Grade", String(facts.grade)]] as Array<[string, string]>) : []),
    ],
    action: { label: "Your dashboard", url: facts.dashboardUrl },
  });
}
