"use server";

import { revalidatePath } from "next/cache";

import { requireActor } from "@/lib/platform/auth/session";
import { formObject, runAction, type ActionResult } from "@/lib/platform/http/action-result";
import { recordDemoOutcome } from "@/lib/scheduling/demo-outcomes";

/** A demo's outcome from the teacher's dashboard; someone else's demo, or one not yet started, is refused (lib/scheduling/demo-outcomes.ts). */
export async function recordDemoOutcomeAction(_previous: ActionResult | null, formData: FormData): Promise<ActionResult> {
  return runAction("record-demo-outcome", async () => {
    const actor = await requireActor("demos.record-outcome");
    const { status } = await recordDemoOutcome(actor, formObject(formData));
    revalidatePath("/teacher/dashboard");
    return status === "attended" ? "Saved: the family gets your note." : "Saved as a no-show: the family is offered another time.";
  });
}
