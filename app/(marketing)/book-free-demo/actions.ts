"use server";

import { runForData } from "@/lib/platform/http/action-result";
import { getCurrentUser } from "@/lib/platform/auth/current-user";
import type { DemoFormAccount } from "@/lib/demo-requests/form-account";
import { listLearners } from "@/lib/scheduling/learners";
import { bookSlotForLead, describeBookedTime, listSlotsForLead } from "@/lib/demo-requests/demo-booking";
import type { DataResult, PickerDay } from "@/lib/scheduling/picker";
import { timezoneSchema } from "@/lib/scheduling/schema";

/**
 * The time picker's open slots for the lead just sent. The signed lead token (from POST
 * /api/book-free-demo) is the proof: this action is public, and a signed-out family uses it.
 */
export async function listSlotsAction(input: { leadToken: string; timezone: string }): Promise<DataResult<PickerDay[]>> {
  return runForData("list-demo-slots", async () => await listSlotsForLead(input));
}

/** Books the picked slot for the lead at once; a slot someone took first answers SCHEDULING_MESSAGES.slotTaken. */
export async function bookSlotAction(input: {
  leadToken: string;
  teacherId: number;
  startsAt: string;
  timezone: string;
}): Promise<DataResult<{ token: string; startsAt: string; when: string }>> {
  return runForData("book-demo-slot", async () => {
    // The lead token is checked first (bookSlotForLead); the zone only words the answer.
    const booking = await bookSlotForLead(input);
    const zone = timezoneSchema.safeParse(input.timezone);
    return {
      token: booking.token,
      startsAt: booking.startsAt,
      when: describeBookedTime(booking.startsAt, zone.success ? zone.data : "UTC"),
    };
  });
}

/**
 * What the demo form fills in for a signed-in parent: their name, their email and their children
 * (the picker). The booking pages are static, so the form asks once it knows there is a session;
 * nobody signed in (or staff) gets null, and nothing is read.
 */
export async function readDemoFormAccountAction(): Promise<DemoFormAccount | null> {
  const user = await getCurrentUser();
  if (!user || user.role !== "student") return null;
  const children = await listLearners(user.databaseId);
  return {
    name: user.displayName ?? "",
    email: user.email,
    children: children.map((child) => ({ id: child.id, firstName: child.firstName, grade: child.grade })),
  };
}
