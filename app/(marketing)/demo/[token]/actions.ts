"use server";

import { revalidatePath } from "next/cache";
import { headers } from "next/headers";

import { runAction, type ActionResult } from "@/lib/platform/http/action-result";
import { limitTokenGuesses } from "@/lib/platform/http/token-guesses";
import {
  cancelDemo,
  listRebookSlots,
  listRescheduleSlots,
  rebookMissedDemo,
  rescheduleDemo,
  type PickerDay,
} from "@/lib/demo-requests/demo-booking";

import type { DataResult } from "@/lib/scheduling/picker";

/**
 * The status page's actions: the unguessable booking token is the family's key (no login). A wrong
 * token ("That booking does not exist.") counts against the caller's address, as on the page.
 */
const guarded = async <T>(lookUp: () => Promise<T>) => limitTokenGuesses(await headers(), lookUp, () => false);

export async function cancelDemoAction(token: string): Promise<ActionResult> {
  return runAction("cancel-demo", async () => {
    await guarded(() => cancelDemo(String(token)));
    revalidatePath(`/demo/${token}`);
    return "Your free demo is cancelled.";
  });
}

export async function rescheduleSlotsAction(input: { bookingToken: string; timezone: string }): Promise<DataResult<PickerDay[]>> {
  let days: PickerDay[] = [];
  const result = await runAction("reschedule-slots", async () => {
    days = await guarded(() => listRescheduleSlots(input));
    return "";
  });
  return result.ok ? { ok: true, data: days } : { ok: false, message: result.message };
}

export async function rescheduleDemoAction(input: { bookingToken: string; startsAt: string }): Promise<ActionResult> {
  return runAction("reschedule-demo", async () => {
    await guarded(() => rescheduleDemo(String(input.bookingToken), String(input.startsAt)));
    revalidatePath(`/demo/${input.bookingToken}`);
    return "Your free demo has moved.";
  });
}

export async function rebookSlotsAction(input: { bookingToken: string; timezone: string }): Promise<DataResult<PickerDay[]>> {
  let days: PickerDay[] = [];
  const result = await runAction("rebook-slots", async () => {
    days = await guarded(() => listRebookSlots(input));
    return "";
  });
  return result.ok ? { ok: true, data: days } : { ok: false, message: result.message };
}

/** A missed demo booked again: answers the new booking's page, where the family goes next. */
export async function rebookDemoAction(input: {
  bookingToken: string;
  teacherId: number;
  startsAt: string;
  timezone: string;
}): Promise<ActionResult & { next?: string }> {
  let next: string | undefined;
  const result = await runAction("rebook-demo", async () => {
    const booking = await guarded(() => rebookMissedDemo(input));
    next = `/demo/${booking.token}`;
    return "Your new free demo is booked.";
  });
  return result.ok && next ? { ...result, next } : result;
}
