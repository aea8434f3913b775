"use server";

import { revalidatePath } from "next/cache";
import { headers } from "next/headers";

import { runAction, runForData, type ActionResult } from "@/lib/platform/http/action-result";
import { limitTokenGuesses } from "@/lib/platform/http/token-guesses";
import {
  cancelDemo,
  listRebookSlots,
  listRescheduleSlots,
  rebookDemo,
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
  return await runForData("reschedule-slots", () => guarded(() => listRescheduleSlots(input)));
}

export async function rescheduleDemoAction(input: { bookingToken: string; startsAt: string }): Promise<ActionResult> {
  return runAction("reschedule-demo", async () => {
    await guarded(() => rescheduleDemo(String(input.bookingToken), String(input.startsAt)));
    revalidatePath(`/demo/${input.bookingToken}`);
    return "Your free demo has moved.";
  });
}

export async function rebookSlotsAction(input: { bookingToken: string; timezone: string }): Promise<DataResult<PickerDay[]>> {
  return await runForData("rebook-slots", () => guarded(() => listRebookSlots(input)));
}

/** A cancelled demo booked again at a new time: the answer carries the new booking's status page. */
export async function rebookDemoAction(input: {
  bookingToken: string;
  teacherId: number;
  startsAt: string;
  timezone: string;
}): Promise<ActionResult & { statusPath?: string }> {
  let statusPath: string | undefined;
  const result = await runAction("rebook-demo", async () => {
    const booking = await guarded(() => rebookDemo(input));
    statusPath = `/demo/${booking.token}`;
    return "Your free demo is booked.";
  });
  return result.ok ? { ...result, statusPath } : result;
}
