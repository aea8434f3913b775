"use client";

import { useRouter } from "next/navigation";
import { useCallback, useState } from "react";

import { SlotPicker } from "@/components/forms/slot-picker";
import type { DataResult, PickerDay, PickerSlot } from "@/lib/scheduling/picker";

export interface RebookActions {
  slots: (input: { bookingToken: string; timezone: string }) => Promise<DataResult<PickerDay[]>>;
  book: (input: {
    bookingToken: string;
    teacherId: number;
    startsAt: string;
    timezone: string;
  }) => Promise<{ ok: boolean; message: string; next?: string }>;
}

/** A missed demo's offer: pick another time of the course; the new demo opens on its own page. */
export function RebookMissedDemo({ token, actions }: { token: string; actions: RebookActions }) {
  const router = useRouter();
  const [isPicking, setIsPicking] = useState(false);
  const load = useCallback((timezone: string) => actions.slots({ bookingToken: token, timezone }), [actions, token]);
  const pick = async (slot: PickerSlot, timezone: string) => {
    const result = await actions.book({ bookingToken: token, teacherId: slot.teacherId, startsAt: slot.startsAt, timezone });
    if (!result.ok) return result.message;
    if (result.next) router.push(result.next);
    return null;
  };
  return (
    <div className="mt-4">
      <button
        type="button"
        onClick={() => setIsPicking((open) => !open)}
        className="rounded-lg bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800"
      >
        Book another time
      </button>
      {isPicking ? <SlotPicker load={load} onPick={pick} emptyText="No open times in the next two weeks." /> : null}
    </div>
  );
}
