import { readFileSync } from "node:fs";
import path from "node:path";

import { eq } from "drizzle-orm";

import { returnFeedback, setCourseCriteria } from "@/lib/homework/feedback";
import { handInHomework } from "@/lib/homework/submissions";
import { dueInstant } from "@/lib/homework/tasks";
import { unsubscribeByToken, unsubscribeTokenFor } from "@/lib/notifications/preferences";
import type { Actor } from "@/lib/platform/auth/permissions";
import { teacherProfiles, users } from "@/lib/platform/db/schema";
import { seatedClassWithHomework } from "@/test/homework-fixtures";
import { markReactionsUndelivered } from "@/test/events";
import { mailHarness } from "@/test/mail-harness";

import { queueHomeworkReminders } from "./homework-mail";

/** The family's homework emails: feedback returned (once per feedback), and the reminder the day before it is due. */
const { db, deliver, received, emailOf } = mailHarness();

const DAY = 86_400_000;
const PNG = readFileSync(path.join(process.cwd(), "e2e/fixtures/homework-photo.png"));
const teacher = (id: number): Actor => ({ id, email: "t@example.com", role: "teacher" });

/** A seated family and a task on the section's first session, due 17:00 New York two days later (test/homework-fixtures.ts); the teacher named. */
async function homework() {
  const { section, family, taskId, startsAt } = await seatedClassWithHomework(db());
  await db().update(users).set({ displayName: "Demo Teacher" }).where(eq(users.id, section.teacherId));
  // Issue 38: families read the teacher's public name, not the account's.
  await db().update(teacherProfiles).set({ publicName: "Ms. Hopper" }).where(eq(teacherProfiles.userId, section.teacherId));
  const dueDay = new Date(startsAt.getTime() + 2 * DAY).toISOString().slice(0, 10);
  const dueAt = dueInstant(`${dueDay}T17:00`, "America/New_York")!;
  return { section, family, taskId, dueAt };
}

describe("homework emails", () => {
  it("tell the parent once that feedback came back, with the marks and not the comment", async () => {
    const { section, family, taskId } = await homework();
    const parentEmail = await emailOf(family.parentId);
    const { submissionId } = await handInHomework(
      db(),
      { id: family.parentId, email: parentEmail, role: "student" },
      { taskId, learnerId: family.learnerId },
      [{ name: "maze.png", bytes: PNG }],
    );
    const [effort] = await setCourseCriteria(db(), teacher(section.teacherId), { courseId: section.courseId, names: ["Effort"] });
    await returnFeedback(db(), teacher(section.teacherId), {
      submissionId,
      comment: "A secret word: zebra",
      marks: [{ criterionId: effort!.id, mark: 4 }],
    });
    await deliver();
    // Delivered again (at least once): no second email.
    await markReactionsUndelivered(db(), "homework.feedback-returned", "homework-feedback-mail");
    await deliver();
    const mails = await received(parentEmail);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Ms. Hopper returned Ada's homework: Draw a maze");
    expect(mails[0]!.text).toContain("Effort: 4 of 4 (Excellent)");
    expect(mails[0]!.text).toContain(`/my-courses/homework/${taskId}?learner=${family.learnerId}`);
    expect(mails[0]!.text).not.toContain("zebra");
  });

  it("remind the day before it is due, in the family's zone, once, and not after it was handed in or turned off", async () => {
    const { family, taskId, dueAt } = await homework();
    const parentEmail = await emailOf(family.parentId);
    const early = new Date(dueAt.getTime() - 30 * 3_600_000);
    expect(await queueHomeworkReminders(db(), early)).toBe(0);
    const dayBefore = new Date(dueAt.getTime() - 20 * 3_600_000);
    await queueHomeworkReminders(db(), dayBefore);
    await queueHomeworkReminders(db(), new Date(dayBefore.getTime() + 60_000));
    await deliver(dayBefore);
    const mails = (await received(parentEmail)).filter((m) => m.subject?.startsWith("Homework due soon"));
    expect(mails).toHaveLength(1);
    // The family is in Los Angeles: 17:00 in New York is 2:00 PM there.
    expect(mails[0]!.text).toMatch(/2:00\sPM Pacific Time/);

    // Another family that turned such email off gets none.
    const other = await homework();
    const otherEmail = await emailOf(other.family.parentId);
    await unsubscribeByToken(db(), await unsubscribeTokenFor(db(), otherEmail));
    await queueHomeworkReminders(db(), new Date(other.dueAt.getTime() - 20 * 3_600_000));
    await deliver();
    expect(await received(otherEmail)).toHaveLength(0);

    // One that handed in before the scan gets none either.
    const third = await homework();
    const thirdEmail = await emailOf(third.family.parentId);
    await handInHomework(
      db(),
      { id: third.family.parentId, email: thirdEmail, role: "student" },
      { taskId: third.taskId, learnerId: third.family.learnerId, text: "Done" },
      [],
    );
    await queueHomeworkReminders(db(), new Date(third.dueAt.getTime() - 20 * 3_600_000));
    await deliver();
    expect(await received(thirdEmail)).toHaveLength(0);
    expect(taskId).toBeGreaterThan(0);
  });
});
