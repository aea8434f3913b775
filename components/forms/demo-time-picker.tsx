"use client";

import { useCallback } from "react";

import type { PickerSlot, TimePickerActions } from "@/lib/scheduling/picker";

import { SlotPicker } from "./slot-picker";

export interface BookedDemo {
  token: string;
  when: string;
}

/** The time picker after the demo form: loaded on demand, books the picked slot for the lead at once. */
export default function DemoTimePicker({
  leadToken,
  actions,
  onBooked,
}: {
  leadToken: string;
  actions: TimePickerActions;
  onBooked: (booked: BookedDemo) => void;
}) {
  const { listSlots, bookSlot } = actions;
  const load = useCallback((timezone: string) => listSlots({ leadToken, timezone }), [listSlots, leadToken]);
  const pick = async (slot: PickerSlot, timezone: string) => {
    const result = await bookSlot({ leadToken, teacherId: slot.teacherId, startsAt: slot.startsAt, timezone });
    if (!result.ok) return result.message;
    onBooked({ token: result.data.token, when: result.data.when });
    return null;
  };
  return (
    <SlotPicker
      load={load}
      onPick={pick}
      emptyText="No open times in the next two weeks. No problem: our team will call you within 24 hours to find one."
    />
  );
}
