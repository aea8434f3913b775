"use server";

import { revalidatePath } from "next/cache";

import { requireActor } from "@/lib/platform/auth/session";
import { formObject, runAction, type ActionResult } from "@/lib/platform/http/action-result";
import { cancelSession, moveSession, setMakeupSession } from "@/lib/scheduling/session-changes";

/**
 * Every page that shows a section's sessions (the families' pages read them at request time). The
 * public pages that show its next class (course cards' "Next class", course and teacher pages)
 * expire by the session event's reaction (lib/reactions/table.ts).
 */
function revalidateSessions(sectionId: number) {
  revalidatePath(`/teacher/sections/${sectionId}/sessions`);
  revalidatePath(`/admin/sections/${sectionId}/sessions`);
  revalidatePath("/teacher/dashboard");
  revalidatePath("/my-courses");
}

/** One session to another time (typed in the section's zone); lib/scheduling/session-changes.ts checks who and when. */
export async function moveSessionAction(sectionId: number, _previous: ActionResult | null, data: FormData): Promise<ActionResult> {
  return runAction("sessions.move", async () => {
    const actor = await requireActor("sections.manage");
    await moveSession(actor, sectionId, formObject(data));
    revalidateSessions(sectionId);
    return "The session is moved. Each family is told by email, with their calendar updated.";
  });
}

/** One session cancelled (confirmed in a dialog first). */
export async function cancelSessionAction(sectionId: number, _previous: ActionResult | null, data: FormData): Promise<ActionResult> {
  return runAction("sessions.cancel", async () => {
    const actor = await requireActor("sections.manage");
    await cancelSession(actor, sectionId, formObject(data));
    revalidateSessions(sectionId);
    return "The session is cancelled. Each family is told by email. Propose a make-up session below.";
  });
}

/** A cancelled session's make-up. */
export async function makeupSessionAction(sectionId: number, _previous: ActionResult | null, data: FormData): Promise<ActionResult> {
  return runAction("sessions.makeup", async () => {
    const actor = await requireActor("sections.manage");
    await setMakeupSession(actor, sectionId, formObject(data));
    revalidateSessions(sectionId);
    return "The make-up session is set. Each family is told by email, with their calendar updated.";
  });
}
