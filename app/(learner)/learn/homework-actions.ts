"use server";

import { revalidatePath } from "next/cache";

import { handedInFiles } from "@/lib/homework/form-files";

import { handInAsLearner } from "@/lib/homework/submissions";
import { requireLearner } from "@/lib/learner-access/session";
import { getDb } from "@/lib/platform/db/client";
import { runAction, type ActionResult } from "@/lib/platform/http/action-result";

/**
 * A child hands in their own work from their space: the child is the one signed in (never an id
 * the form sends); the domain checks the seat, each file by its content and the limits.
 */
export async function handInAsChildAction(taskId: number, formData: FormData): Promise<ActionResult> {
  return runAction("hand-in-homework-as-child", async () => {
    const learner = await requireLearner();
    const files = await handedInFiles(formData);
    const handed = await handInAsLearner(
      await getDb(),
      learner.learnerId,
      {
        taskId,
        text: String(formData.get("text") ?? ""),
        link: String(formData.get("link") ?? ""),
      },
      files,
    );
    revalidatePath("/learn");
    revalidatePath(`/learn/homework/${taskId}`);
    return handed.isLate ? "Handed in. It was late, and that is OK." : "Handed in! Your teacher will write back.";
  });
}
