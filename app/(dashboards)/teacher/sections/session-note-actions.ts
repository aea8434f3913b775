"use server";

import { revalidatePath } from "next/cache";

import { saveSessionNote } from "@/lib/classroom/session-notes";
import { requireActor } from "@/lib/platform/auth/session";
import { getDb } from "@/lib/platform/db/client";
import { runAction, type ActionResult } from "@/lib/platform/http/action-result";

/** The note form's per-learner fields, `line-<learnerId>`, in the form's (the roster's) order. */
function linesOf(formData: FormData) {
  const lines: Array<{ learnerId: string; line: string }> = [];
  for (const [key, value] of formData.entries()) {
    const match = /^line-(\d{1,9})$/.exec(key);
    if (match && typeof value === "string") lines.push({ learnerId: match[1]!, line: value });
  }
  return lines;
}

/**
 * Saves the note of one session (issue 28): what was covered, a homework link, a line per learner.
 * The domain checks the section is the actor's (an admin's: any) and the session has started.
 */
export async function saveSessionNoteAction(sectionId: number, sessionStartsAt: string, formData: FormData): Promise<ActionResult> {
  return runAction("save-session-note", async () => {
    const actor = await requireActor("session-notes.write");
    const saved = await saveSessionNote(await getDb(), actor, {
      sectionId,
      sessionStartsAt,
      covered: String(formData.get("covered") ?? ""),
      homeworkUrl: String(formData.get("homeworkUrl") ?? ""),
      lines: linesOf(formData),
    });
    revalidatePath(`/teacher/sections/${sectionId}/attendance`);
    const done = saved.created ? "Session note saved. Families see it on their courses page." : "Session note updated.";
    // Issue 40: the teacher is told what the screen did, as the family will not see it.
    const masked = saved.isMasked ? " Contact details were taken out of it, and our support team will read it." : "";
    const held = saved.isLinkHeld
      ? " The homework link is to a site not on our list, so it waits for our support team before families see it."
      : "";
    return `${done}${masked}${held}`;
  });
}
