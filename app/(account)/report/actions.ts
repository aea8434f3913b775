"use server";

import { revalidatePath } from "next/cache";

import { requireApiUser } from "@/lib/platform/auth/session";
import { formObject, runAction, type ActionResult } from "@/lib/platform/http/action-result";
import { reportConcern } from "@/lib/safety/concerns";
import { SAFETY_MESSAGES } from "@/lib/safety/schema";

/** Issue 40: a signed-in parent (or teacher) reports a concern; the domain checks they may see what they report. */
export async function reportConcernAction(_previous: ActionResult | null, formData: FormData): Promise<ActionResult> {
  return runAction("report-concern", async () => {
    const user = await requireApiUser();
    await reportConcern({ id: user.databaseId, email: user.email, role: user.role }, formObject(formData));
    revalidatePath("/report");
    return SAFETY_MESSAGES.reported;
  });
}
