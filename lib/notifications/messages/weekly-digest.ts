import "server-only";

import { defangLinks, renderEmail } from "@/lib/notifications/layout";

import { hello } from "./facts";

/** One session of one child in the family's week, already worded for the parent. */
export interface DigestSession {
  /** The start in the family's zone, with the zone named. */
  when: string;
  courseTitle: string;
  child: string;
  /** "Present", "Absent", "Late", "Not marked yet" or "Cancelled". */
  attendance: string;
  /** The teacher's remark in the attendance sheet, if any. */
  attendanceNote: string;
  /** The teacher's note after the session, if written. */
  covered: string | null;
  homeworkUrl: string | null;
  /** The teacher's line about this child (never another's). */
  line: string | null;
}

export interface WeeklyDigestFacts {
  readerName: string | null;
  /** "Sun, Nov 1 – Sat, Nov 7, 2026". */
  week: string;
  /** The family's zone as people say it ("Pacific Time (Los Angeles)"). */
  zone: string;
  sessions: DigestSession[];
  /** Progress reports the teachers wrote this week (new ones only), already worded. */
  reports?: Array<{ child: string; courseTitle: string; nextStep: string }>;
  pageUrl: string;
  preferencesUrl: string;
}

/**
 * The weekly digest (issue 28): every session of every child of the family in its local week, with
 * attendance and the teacher's note. The teacher's words are quoted and their links defanged, like
 * every other person's words in our mail; the homework link, checked as http(s) when it was saved,
 * is the one link of theirs left whole.
 */
export function weeklyDigestEmail(facts: WeeklyDigestFacts) {
  const paragraphs = [
    `Here is your children's week of classes, ${facts.week}, with what the teachers marked and wrote. Times are in ${facts.zone}.`,
  ];
  for (const session of facts.sessions) {
    paragraphs.push(`${session.when} · ${session.courseTitle} · ${session.child}: ${session.attendance}`);
    if (session.attendanceNote) paragraphs.push(`Teacher's remark: “${defangLinks(session.attendanceNote)}”`);
    if (session.covered) paragraphs.push(`What was covered: “${defangLinks(session.covered)}”`);
    if (session.homeworkUrl) paragraphs.push(`Homework: ${session.homeworkUrl}`);
    if (session.line) paragraphs.push(`For ${session.child}: “${defangLinks(session.line)}”`);
  }
  for (const report of facts.reports ?? []) {
    paragraphs.push(`New progress report · ${report.courseTitle} · ${report.child}. Next step: “${defangLinks(report.nextStep)}”`);
  }
  return renderEmail(`Your week of classes: ${facts.week}`, {
    greeting: hello(facts.readerName),
    paragraphs,
    action: { label: "See every session on My courses", url: facts.pageUrl },
    footer: [
      `You receive this summary once a week because your children have classes with us. To turn it off (booking messages and reminders still come): ${facts.preferencesUrl}`,
    ],
  });
}
