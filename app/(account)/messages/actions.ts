"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";

import { blockThread, hideMessage, reopenThread, restoreMessage } from "@/lib/messages/moderation";
import { MASKED_NOTE } from "@/lib/messages/schema";
import { postMessage, startThread } from "@/lib/messages/threads";
import { requireApiUser } from "@/lib/platform/auth/session";
import type { SessionUser } from "@/lib/platform/auth/session-user";
import { formObject, runAction, type ActionResult } from "@/lib/platform/http/action-result";

const actorOf = (user: SessionUser) => ({ id: user.databaseId, email: user.email, role: user.role });

/** A message to a thread (bound to its id by the page); the domain checks who may post, the limits and a block. */
export async function postMessageAction(threadId: string, _previous: ActionResult | null, formData: FormData): Promise<ActionResult> {
  return runAction("post-message", async () => {
    const user = await requireApiUser();
    const posted = await postMessage(actorOf(user), threadId, formObject(formData));
    revalidatePath(`/messages/${posted.threadId}`);
    return posted.isMasked ? MASKED_NOTE : "Message sent.";
  });
}

/** A family's first message about one of their bookings: opens (or adds to) its thread, then goes there. */
export async function startThreadAction(_previous: ActionResult | null, formData: FormData): Promise<ActionResult> {
  let threadId: string | null = null;
  const result = await runAction("start-thread", async () => {
    const user = await requireApiUser();
    const posted = await startThread(actorOf(user), formObject(formData));
    threadId = posted.threadId;
    return posted.isMasked ? MASKED_NOTE : "Message sent.";
  });
  if (result.ok && threadId) redirect(`/messages/${threadId}`);
  return result;
}

/** Support and admins: hide one message (audited). */
export async function hideMessageAction(_previous: ActionResult | null, formData: FormData): Promise<ActionResult> {
  return runAction("hide-message", async () => {
    const user = await requireApiUser();
    const { threadId } = await hideMessage(actorOf(user), formObject(formData));
    revalidatePath(`/messages/${threadId}`);
    return "The message is hidden from the family and the teacher.";
  });
}

/** Support and admins: show a hidden message again (audited). */
export async function restoreMessageAction(_previous: ActionResult | null, formData: FormData): Promise<ActionResult> {
  return runAction("restore-message", async () => {
    const user = await requireApiUser();
    const { threadId } = await restoreMessage(actorOf(user), formObject(formData));
    revalidatePath(`/messages/${threadId}`);
    return "The message is shown to the family and the teacher again.";
  });
}

/** Support and admins: close a thread to new messages (audited). */
export async function blockThreadAction(threadId: string, _previous: ActionResult | null): Promise<ActionResult> {
  return runAction("block-thread", async () => {
    const user = await requireApiUser();
    await blockThread(actorOf(user), threadId);
    revalidatePath(`/messages/${threadId}`);
    return "The conversation is closed: nobody can post in it any more.";
  });
}

/** Support and admins: open a closed thread to new messages again (audited). */
export async function reopenThreadAction(threadId: string, _previous: ActionResult | null): Promise<ActionResult> {
  return runAction("reopen-thread", async () => {
    const user = await requireApiUser();
    await reopenThread(actorOf(user), threadId);
    revalidatePath(`/messages/${threadId}`);
    return "The conversation is open again: both sides can post.";
  });
}
