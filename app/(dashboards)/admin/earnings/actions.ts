"use server";

import { revalidatePath } from "next/cache";

import { payStatement } from "@/lib/commerce/earnings/payouts";
import { requireActor } from "@/lib/platform/auth/session";
import { formObject, runAction, type ActionResult } from "@/lib/platform/http/action-result";

/** An admin pays a teacher's month: through Stripe (a transfer sent by the outbox) or recorded by hand with a reference (audited). */
export async function payStatementAction(_previous: ActionResult | null, formData: FormData): Promise<ActionResult> {
  return runAction("earnings-pay", async () => {
    const actor = await requireActor("earnings.manage");
    const outcome = await payStatement(actor, formObject(formData));
    revalidatePath("/admin/earnings");
    return outcome.message;
  });
}
