"use server";

import { revalidatePath } from "next/cache";

import { markAttendance } from "@/lib/classroom/attendance";
import { requireActor } from "@/lib/platform/auth/session";
import { runAction, type ActionResult } from "@/lib/platform/http/action-result";

/** The attendance sheet's form: `status-<learnerId>` and `note-<learnerId>` per learner. */
function marksOf(formData: FormData) {
  const marks: Array<{ learnerId: string; status: string; note: string }> = [];
  for (const [key, value] of formData.entries()) {
    const match = /^status-(\d{1,9})$/.exec(key);
    if (match && typeof value === "string")
      marks.push({ learnerId: match[1]!, status: value, note: String(formData.get(`note-${match[1]}`) ?? "") });
  }
  return marks;
}

/** Marks one session of the teacher's own section; another teacher's section is refused (lib/classroom/attendance.ts). */
export async function markAttendanceAction(
  sectionId: number,
  sessionStartsAt: string,
  _previous: ActionResult | null,
  formData: FormData,
): Promise<ActionResult> {
  return runAction("mark-attendance", async () => {
    const actor = await requireActor("attendance.mark");
    const count = await markAttendance(actor, { sectionId, sessionStartsAt, marks: marksOf(formData) } as never);
    revalidatePath(`/teacher/sections/${sectionId}/attendance`);
    return `Attendance saved for ${count} ${count === 1 ? "learner" : "learners"}.`;
  });
}
