"use server";

import { revalidatePath } from "next/cache";

import { runAction, type ActionResult } from "@/lib/platform/http/action-result";
import { cancelDemo, listRescheduleSlots, rescheduleDemo, type PickerDay } from "@/lib/demo-requests/demo-booking";

import type { DataResult } from "@/lib/scheduling/picker";

/** The status page's actions: the unguessable booking token is the family's key (no login). */
export async function cancelDemoAction(token: string): Promise<ActionResult> {
  return runAction("cancel-demo", async () => {
    await cancelDemo(String(token));
    revalidatePath(`/demo/${token}`);
    return "Your free demo is cancelled.";
  });
}

export async function rescheduleSlotsAction(input: { bookingToken: string; timezone: string }): Promise<DataResult<PickerDay[]>> {
  let days: PickerDay[] = [];
  const result = await runAction("reschedule-slots", async () => {
    days = await listRescheduleSlots(input);
    return "";
  });
  return result.ok ? { ok: true, data: days } : { ok: false, message: result.message };
}

export async function rescheduleDemoAction(input: { bookingToken: string; startsAt: string }): Promise<ActionResult> {
  return runAction("reschedule-demo", async () => {
    await rescheduleDemo(String(input.bookingToken), String(input.startsAt));
    revalidatePath(`/demo/${input.bookingToken}`);
    return "Your free demo has moved.";
  });
}
