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
  }) => Promise<{ ok: boolean; message: string; statusPath?: string }>;
}

/**
 * A cancelled or missed demo booked again from its status page: pick another time of the course
 * (the same child or request, nothing retyped); the new demo opens on its own page.
 */
export function RebookDemo({ token, actions, label }: { token: string; actions: RebookActions; label: string }) {
  const router = useRouter();
  const [isPicking, setIsPicking] = useState(false);
  const load = useCallback((timezone: string) => actions.slots({ bookingToken: token, timezone }), [actions, token]);
  const pick = async (slot: PickerSlot, timezone: string) => {
    const result = await actions.book({ bookingToken: token, teacherId: slot.teacherId, startsAt: slot.startsAt, timezone });
    if (!result.ok) return result.message;
    if (result.statusPath) router.push(result.statusPath);
    return null;
  };
  return (
    <div className="mt-3">
      <button
        type="button"
        onClick={() => setIsPicking((open) => !open)}
        aria-expanded={isPicking}
        className="rounded-lg bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800"
      >
        {label}
      </button>
      {isPicking ? (
        <div className="mt-3">
          <p className="text-sm text-slate-700">The same course and child; your details are kept.</p>
          <SlotPicker load={load} onPick={pick} emptyText="No open times in the next two weeks." />
        </div>
      ) : null}
    </div>
  );
}
