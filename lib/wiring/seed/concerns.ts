import "server-only";

import { and, asc, eq } from "drizzle-orm";

import type { Actor } from "@/lib/platform/auth/permissions";
import { getDb } from "@/lib/platform/db/client";
import { concernReports, messages, messageThreads, users } from "@/lib/platform/db/schema";
import { reportConcern } from "@/lib/safety/concerns";

import { LIVE_CLASS } from "./live-class";

const HOUR = 3_600_000;

/**
 * Issue 40's demo data (after the conversations, lib/wiring/seed/messages.ts): support's safety
 * queue on `npm start` has two open reports to triage. The demo teacher reported the seed family's
 * message asking to talk outside class (30 hours ago: past the 24-hour first response, so the
 * queue shows it overdue), and the seed family reported the demo teacher's last message (2 hours
 * ago). Written through lib/safety; a report already there is left alone.
 */
export async function seedConcerns(now = new Date()): Promise<void> {
  const db = await getDb();
  const [teacher] = await db
    .select({ id: users.id, email: users.email, role: users.role })
    .from(users)
    .where(eq(users.email, LIVE_CLASS.teacherEmail));
  const [family] = await db
    .select({ id: users.id, email: users.email, role: users.role })
    .from(users)
    .where(eq(users.firebaseUid, LIVE_CLASS.otherFamily.firebaseUid));
  if (!teacher || !family) return;
  const [thread] = await db
    .select({ id: messageThreads.id })
    .from(messageThreads)
    .where(and(eq(messageThreads.teacherId, teacher.id), eq(messageThreads.familyId, family.id)));
  if (!thread) return;
  const written = await db
    .select({ id: messages.id, authorId: messages.authorId })
    .from(messages)
    .where(eq(messages.threadId, thread.id))
    .orderBy(asc(messages.id));
  const familyMessage = written.find((m) => m.authorId === family.id);
  if (familyMessage) {
    await reportOnce(
      teacher,
      {
        subjectType: "message",
        subjectId: String(familyMessage.id),
        reason: "unsafe_contact",
        details: "This parent asked me to talk outside class and left a phone number and an email. I have not replied.",
      },
      new Date(now.getTime() - 30 * HOUR),
    );
  }
  await reportOnce(
    family,
    {
      subjectType: "teacher",
      subjectId: String(teacher.id),
      reason: "privacy",
      details: "In Tuesday's class the teacher read out my son's full name and his school while the session was being recorded.",
    },
    new Date(now.getTime() - 2 * HOUR),
  );
}

async function reportOnce(
  reporter: Actor,
  input: { subjectType: "message" | "teacher"; subjectId: string; reason: "unsafe_contact" | "privacy"; details: string },
  at: Date,
) {
  const db = await getDb();
  const [existing] = await db
    .select({ id: concernReports.id })
    .from(concernReports)
    .where(
      and(
        eq(concernReports.reporterId, reporter.id),
        eq(concernReports.subjectType, input.subjectType),
        eq(concernReports.subjectId, input.subjectId),
      ),
    );
  if (!existing) await reportConcern(reporter, input, at);
}
