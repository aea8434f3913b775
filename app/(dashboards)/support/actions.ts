"use server";

import { revalidatePath } from "next/cache";

import { requireActor } from "@/lib/platform/auth/session";
import { changeLeadStatus, saveLeadNote } from "@/lib/demo-requests/workflow";
import { formObject, runAction, type ActionResult } from "@/lib/platform/http/action-result";
import type { Actor } from "@/lib/platform/auth/permissions";
import {
  agentTimezone,
  requestTimezone,
  bookRequestDemo,
  cancelRequestDemo,
  listRequestSlots,
  moveRequestDemo,
} from "@/lib/demo-requests/support-booking";
import type { DataResult, PickerDay } from "@/lib/scheduling/picker";
import { formatInstantInZone } from "@/lib/scheduling/time";

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

// Issue 17: support books, moves or cancels a family's demo from the request page. Each answers
// the agent in words; a slot someone took first answers SCHEDULING_MESSAGES.slotTaken (a 409).

function afterBookingChange(requestId: unknown) {
  revalidatePath("/support/dashboard");
  revalidatePath(`/support/requests/${String(requestId)}`);
}

/** A booked time as the request page shows it: in the family's zone when known (issue 31). */
async function bookedTimeIn(actor: Actor, requestId: unknown, startsAt: string): Promise<string> {
  const { zone } = typeof requestId === "string" ? await requestTimezone(actor, requestId) : { zone: await agentTimezone(actor) };
  return formatInstantInZone(startsAt, zone);
}

export async function listRequestSlotsAction(input: {
  requestId: string;
  timezone: string;
  bookingId?: string;
}): Promise<DataResult<PickerDay[]>> {
  let days: PickerDay[] = [];
  const result = await runAction("support request slots", async () => {
    days = await listRequestSlots(await requireActor("leads.update"), input);
    return "";
  });
  return result.ok ? { ok: true, data: days } : { ok: false, message: result.message };
}

export async function bookRequestDemoAction(input: { requestId: string; teacherId: number; startsAt: string }): Promise<ActionResult> {
  return runAction("support book demo", async () => {
    const actor = await requireActor("leads.update");
    const booking = await bookRequestDemo(actor, input);
    afterBookingChange(input.requestId);
    return `Demo booked for ${await bookedTimeIn(actor, input.requestId, booking.startsAt)}.`;
  });
}

export async function moveRequestDemoAction(input: { requestId: string; bookingId: string; startsAt: string }): Promise<ActionResult> {
  return runAction("support move demo", async () => {
    const actor = await requireActor("leads.update");
    const booking = await moveRequestDemo(actor, input);
    afterBookingChange(input.requestId);
    return `Demo moved to ${await bookedTimeIn(actor, input.requestId, booking.startsAt)}.`;
  });
}

export async function cancelRequestDemoAction(input: { requestId: string; bookingId: string }): Promise<ActionResult> {
  return runAction("support cancel demo", async () => {
    await cancelRequestDemo(await requireActor("leads.update"), input);
    afterBookingChange(input.requestId);
    return "Demo cancelled.";
  });
}
