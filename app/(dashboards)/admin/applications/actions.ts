"use server";

import { revalidatePath } from "next/cache";

import { requireActor } from "@/lib/platform/auth/session";
import { formObject, runAction, type ActionResult } from "@/lib/platform/http/action-result";
import { decideApplication } from "@/lib/teachers/applications/service";

// A server action is a public endpoint: it checks the session and role itself (STYLE).
export async function decideApplicationAction(_previous: ActionResult | null, formData: FormData): Promise<ActionResult> {
  return runAction("teacher application decision", async () => {
    const message = await decideApplication(await requireActor("applications.decide"), formObject(formData));
    revalidatePath("/admin/applications");
    return message;
  });
}
