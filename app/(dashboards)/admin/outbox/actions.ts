"use server";

import { revalidatePath } from "next/cache";

import { retryDeadLetteredMessage } from "@/lib/dashboards/dead-letters";
import { requireActor } from "@/lib/platform/auth/session";
import { formObject, runAction, type ActionResult } from "@/lib/platform/http/action-result";
import { deliverOutboxSoon } from "@/lib/platform/outbox/worker";

// A server action is a public endpoint: it checks the session and role itself (STYLE).
export async function retryOutboxMessageAction(_previous: ActionResult | null, formData: FormData): Promise<ActionResult> {
  return runAction("admin.outbox.retry", async () => {
    const { id } = await retryDeadLetteredMessage(await requireActor("outbox.manage"), formObject(formData));
    // Sent right after this answer; the worker's timer would otherwise pick it up within 15 s.
    deliverOutboxSoon();
    revalidatePath("/admin/outbox");
    return `Message ${id} is queued again and will be sent shortly.`;
  });
}
