"use server";

import { revalidatePath } from "next/cache";

import { requireActor } from "@/lib/platform/auth/session";
import { changeLeadStatus, saveLeadNote } from "@/lib/demo-requests/workflow";
import { formObject, runAction, type ActionResult } from "@/lib/platform/http/action-result";

// Server actions are public endpoints: each checks the session and role itself (STYLE).

export async function changeLeadStatusAction(_previous: ActionResult | null, formData: FormData): Promise<ActionResult> {
  return runAction("lead status", async () => {
    const input = formObject(formData);
    const message = await changeLeadStatus(await requireActor("leads.update"), input);
    revalidatePath("/support/dashboard");
    revalidatePath(`/support/requests/${input.id}`);
    return message;
  });
}

export async function saveLeadNoteAction(_previous: ActionResult | null, formData: FormData): Promise<ActionResult> {
  return runAction("lead note", async () => {
    const input = formObject(formData);
    const message = await saveLeadNote(await requireActor("leads.update"), input);
    revalidatePath(`/support/requests/${input.id}`);
    return message;
  });
}
