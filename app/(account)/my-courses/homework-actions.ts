"use server";

import { revalidatePath } from "next/cache";

import { handedInFiles } from "@/lib/homework/form-files";

import { handInHomework } from "@/lib/homework/submissions";
import { requireActor } from "@/lib/platform/auth/session";
import { getDb } from "@/lib/platform/db/client";
import { runAction, type ActionResult } from "@/lib/platform/http/action-result";

/**
 * A parent hands in a task for their child: the answer, a link and the files of the form. The
 * domain checks the child is theirs and seated, each file by its content and the limits, before
 * anything is stored.
 */
export async function handInAction(taskId: number, learnerId: number, formData: FormData): Promise<ActionResult> {
  return runAction("hand-in-homework", async () => {
    const actor = await requireActor("homework.hand-in");
    const files = await handedInFiles(formData);
    const handed = await handInHomework(
      await getDb(),
      actor,
      { taskId, learnerId, text: String(formData.get("text") ?? ""), link: String(formData.get("link") ?? "") },
      files,
    );
    revalidatePath("/my-courses");
    revalidatePath(`/my-courses/homework/${taskId}`);
    return handed.isLate ? "Handed in, after the due time: the teacher sees it marked late." : "Handed in. The teacher will send feedback.";
  });
}
