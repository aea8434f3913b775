"use server";

import { revalidatePath } from "next/cache";

import { decideHeldHomeworkLink, resolveFlaggedAttendanceNote, resolveFlaggedSessionNote } from "@/lib/classroom/flagged-notes";
import { requireActor } from "@/lib/platform/auth/session";
import { formObject, runAction, type ActionResult } from "@/lib/platform/http/action-result";
import { actOnConcern } from "@/lib/safety/concern-actions";
import { triageConcern } from "@/lib/safety/concerns";
import { CONCERN_STATUSES } from "@/lib/safety/schema";
import { decidePendingBio } from "@/lib/teachers/bio-review";

const PATH = "/support/safety";

/** Issue 40: support moves a concern to a status, with a note. */
export async function triageConcernAction(_previous: ActionResult | null, formData: FormData): Promise<ActionResult> {
  return runAction("triage-concern", async () => {
    const actor = await requireActor("safety.triage");
    const form = formObject(formData);
    const { status } = await triageConcern(actor, form);
    revalidatePath(PATH, "layout");
    return `Saved: ${CONCERN_STATUSES[status]}.`;
  });
}

/** Issue 40: support acts on a concern (hide, block, suspend); a suspension takes pages showing the teacher's classes off sale at once. */
export async function actOnConcernAction(_previous: ActionResult | null, formData: FormData): Promise<ActionResult> {
  return runAction("act-on-concern", async () => {
    const actor = await requireActor("safety.triage");
    const { action } = await actOnConcern(actor, formObject(formData));
    revalidatePath(PATH, "layout");
    if (action === "suspend-teacher") {
      return "The teacher is suspended: their classes are off sale, the sessions not yet held are refunded to the families' Cash, and the families are being told.";
    }
    return action === "suspend-family" ? "The family's account is suspended: it cannot sign in until an admin lifts it on Users." : "Done.";
  });
}

/** Issue 40: a bio edited after approval, let through (public) or turned down. */
export async function decideBioAction(_previous: ActionResult | null, formData: FormData): Promise<ActionResult> {
  return runAction("decide-bio", async () => {
    const actor = await requireActor("safety.triage");
    const { isPublic } = await decidePendingBio(actor, formObject(formData));
    revalidatePath(PATH);
    return isPublic ? "The new bio is public." : "The new bio is turned down; the approved one stays.";
  });
}

/** Issue 40: a note's held homework links (the one held now let through to families, or all dropped). */
export async function decideHeldLinkAction(_previous: ActionResult | null, formData: FormData): Promise<ActionResult> {
  return runAction("decide-held-link", async () => {
    const actor = await requireActor("safety.triage");
    // Every held link the page showed: the decision covers those and no other.
    await decideHeldHomeworkLink(actor, { ...formObject(formData), links: formData.getAll("links") });
    revalidatePath(PATH);
    return "Saved.";
  });
}

/** Issue 40: a flagged attendance note resolved: it leaves the queue (only support clears a raised flag). */
export async function resolveAttendanceFlagAction(_previous: ActionResult | null, formData: FormData): Promise<ActionResult> {
  return runAction("resolve-attendance-flag", async () => {
    const actor = await requireActor("safety.triage");
    await resolveFlaggedAttendanceNote(actor, formObject(formData));
    revalidatePath(PATH);
    return "Resolved: the note has left the queue.";
  });
}

/** Issue 40: a flagged session note's text flag resolved: it leaves the queue, or stays for a link still held (its own decision). */
export async function resolveSessionNoteFlagAction(_previous: ActionResult | null, formData: FormData): Promise<ActionResult> {
  return runAction("resolve-session-note-flag", async () => {
    const actor = await requireActor("safety.triage");
    const { isLinkHeld } = await resolveFlaggedSessionNote(actor, formObject(formData));
    revalidatePath(PATH);
    return isLinkHeld ? "Resolved: the note stays in the queue for its held homework link." : "Resolved: the note has left the queue.";
  });
}
