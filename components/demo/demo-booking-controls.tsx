"use client";

import { useRouter } from "next/navigation";
import { useCallback, useState } from "react";

import Link from "next/link";
import { SlotPicker } from "@/components/forms/slot-picker";
import type { DataResult, PickerDay, PickerSlot } from "@/lib/scheduling/picker";

type Answer = { ok: boolean; message: string };

export interface BookingControlActions {
  cancel: (token: string) => Promise<Answer>;
  reschedule: (input: { bookingToken: string; startsAt: string }) => Promise<Answer>;
  rescheduleSlots: (input: { bookingToken: string; timezone: string }) => Promise<DataResult<PickerDay[]>>;
}

/** Cancel and reschedule on the status page; the token in the address is the family's key. */
export function DemoBookingControls({
  token,
  isCancelled,
  actions,
}: {
  token: string;
  isCancelled: boolean;
  actions: BookingControlActions;
}) {
  const { cancel: cancelAction, reschedule, rescheduleSlots } = actions;
  const router = useRouter();
  const [message, setMessage] = useState<string | null>(null);
  const [isPicking, setIsPicking] = useState(false);
  const load = useCallback((timezone: string) => rescheduleSlots({ bookingToken: token, timezone }), [rescheduleSlots, token]);

  // Kept across the refresh that follows an action, which may swap the controls for the cancelled note.
  const status = message ? (
    <p role="status" className="mt-3 text-slate-800">
      {message}
    </p>
  ) : null;

  if (isCancelled) {
    return (
      <div className="mt-6">
        {status}
        <p className="mt-3 text-slate-700">
          This booking was cancelled and cannot be rescheduled.{" "}
          <Link href="/book-free-demo" className="text-brand-700 underline">
            Book a new time
          </Link>
          .
        </p>
      </div>
    );
  }

  const cancel = async () => {
    const result = await cancelAction(token);
    setMessage(result.message);
    if (result.ok) router.refresh();
  };
  const move = async (slot: PickerSlot) => {
    const result = await reschedule({ bookingToken: token, startsAt: slot.startsAt });
    if (!result.ok) return result.message;
    setIsPicking(false);
    setMessage(result.message);
    router.refresh();
    return null;
  };

  return (
    <div className="mt-6">
      <div className="flex gap-3">
        <button
          type="button"
          onClick={() => setIsPicking((open) => !open)}
          className="rounded-lg border border-slate-300 px-4 py-2 font-semibold"
        >
          Reschedule
        </button>
        <button
          type="button"
          onClick={() => void cancel()}
          className="rounded-lg border border-red-300 px-4 py-2 font-semibold text-red-700"
        >
          Cancel
        </button>
      </div>
      {status}
      {isPicking ? <SlotPicker load={load} onPick={move} emptyText="No other open times in the next two weeks." /> : null}
    </div>
  );
}
