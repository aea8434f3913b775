"use server";

import { revalidatePath } from "next/cache";

import { issueCertificate } from "@/lib/homework/certificates";
import { returnFeedback, setCourseCriteria } from "@/lib/homework/feedback";
import { writeProgressReport } from "@/lib/homework/progress";
import { setHomework } from "@/lib/homework/tasks";
import { requireActor } from "@/lib/platform/auth/session";
import { getDb } from "@/lib/platform/db/client";
import { runAction, type ActionResult } from "@/lib/platform/http/action-result";
import { teacherTimezone } from "@/lib/scheduling/teacher-zone";

const pageOf = (sectionId: number) => `/teacher/sections/${sectionId}/homework`;
const text = (formData: FormData, name: string) => String(formData.get(name) ?? "");

/** Sets a task on a session of the section; the due time is read in the teacher's zone. The domain checks the section is theirs. */
export async function setHomeworkAction(sectionId: number, formData: FormData): Promise<ActionResult> {
  return runAction("set-homework", async () => {
    const actor = await requireActor("homework.teach");
    const saved = await setHomework(
      await getDb(),
      actor,
      {
        sectionId,
        sessionStartsAt: text(formData, "sessionStartsAt"),
        title: text(formData, "title"),
        instructions: text(formData, "instructions"),
        dueLocal: text(formData, "dueLocal"),
        resourceUrl: text(formData, "resourceUrl"),
      },
      await teacherTimezone(actor.id),
    );
    revalidatePath(pageOf(sectionId));
    const masked = saved.isMasked ? " Contact details were taken out of it, and our support team will read it." : "";
    const held = saved.isLinkHeld ? " The link is to a site not on our list, so it waits for our support team before families see it." : "";
    return `Homework set. Families see it on their courses page.${masked}${held}`;
  });
}

export async function saveCriteriaAction(sectionId: number, courseId: number, formData: FormData): Promise<ActionResult> {
  return runAction("save-criteria", async () => {
    const actor = await requireActor("homework.teach");
    const names = formData.getAll("criterion").map(String);
    await setCourseCriteria(await getDb(), actor, { courseId, names });
    revalidatePath(pageOf(sectionId));
    return "Criteria saved.";
  });
}

/** The form's marks, `mark-<criterionId>`. */
function marksOf(formData: FormData) {
  const marks: Array<{ criterionId: string; mark: string }> = [];
  for (const [key, value] of formData.entries()) {
    const match = /^mark-(\d{1,9})$/.exec(key);
    if (match && typeof value === "string") marks.push({ criterionId: match[1]!, mark: value });
  }
  return marks;
}

export async function returnFeedbackAction(sectionId: number, submissionId: number, formData: FormData): Promise<ActionResult> {
  return runAction("return-feedback", async () => {
    const actor = await requireActor("homework.teach");
    const saved = await returnFeedback(await getDb(), actor, {
      submissionId,
      comment: text(formData, "comment"),
      marks: marksOf(formData),
    });
    revalidatePath(pageOf(sectionId));
    return `Feedback returned: the family is told by email.${saved.isMasked ? " Contact details were taken out of the comment." : ""}`;
  });
}

export async function writeProgressReportAction(
  sectionId: number,
  learnerId: number,
  periodEndsOn: string,
  formData: FormData,
): Promise<ActionResult> {
  return runAction("write-progress-report", async () => {
    const actor = await requireActor("homework.teach");
    await writeProgressReport(await getDb(), actor, {
      sectionId,
      learnerId,
      periodEndsOn,
      comment: text(formData, "comment"),
      nextStep: text(formData, "nextStep"),
    });
    revalidatePath(pageOf(sectionId));
    return "Progress report saved. The family sees it on their courses page and in their weekly email.";
  });
}

export async function issueCertificateAction(sectionId: number, learnerId: number): Promise<ActionResult> {
  return runAction("issue-certificate", async () => {
    const actor = await requireActor("homework.teach");
    await issueCertificate(await getDb(), actor, { sectionId, learnerId });
    revalidatePath(pageOf(sectionId));
    return "Certificate issued. The family can download it from their courses page.";
  });
}
