"use client";

import { useRouter } from "next/navigation";
import { useCallback, useState } from "react";

import { browserTimeZone } from "@/browser/time-zone";
import { SlotPicker } from "@/components/forms/slot-picker";
import { CloseDialogButton, ConfirmDialog, dangerButtonClass } from "@/components/ui/confirm-dialog";
import type { DataResult, PickerDay, PickerSlot } from "@/lib/scheduling/picker";

type Answer = { ok: boolean; message: string };

export interface BookingControlActions {
  cancel: (token: string) => Promise<Answer>;
  reschedule: (input: { bookingToken: string; startsAt: string }) => Promise<Answer>;
  rescheduleSlots: (input: { bookingToken: string; timezone: string }) => Promise<DataResult<PickerDay[]>>;
  rebook: (input: {
    bookingToken: string;
    teacherId: number;
    startsAt: string;
    timezone: string;
  }) => Promise<Answer & { statusPath?: string }>;
  rebookSlots: (input: { bookingToken: string; timezone: string }) => Promise<DataResult<PickerDay[]>>;
}

/**
 * Cancel and reschedule on the status page; the token in the address is the family's key. Cancel
 * asks first and offers another time instead; a cancelled demo is booked again from here, for the
 * same child, course and contact details.
 */
export function DemoBookingControls({
  token,
  isCancelled,
  actions,
}: {
  token: string;
  isCancelled: boolean;
  actions: BookingControlActions;
}) {
  const { cancel: cancelAction, reschedule, rescheduleSlots, rebook, rebookSlots } = actions;
  const router = useRouter();
  const [message, setMessage] = useState<string | null>(null);
  const [isPicking, setIsPicking] = useState(false);
  const loadMoves = useCallback((timezone: string) => rescheduleSlots({ bookingToken: token, timezone }), [rescheduleSlots, token]);
  const loadNewTimes = useCallback((timezone: string) => rebookSlots({ bookingToken: token, timezone }), [rebookSlots, token]);

  // Kept across the refresh that follows an action, which may swap the controls for the cancelled note.
  const status = message ? (
    <p role="status" className="mt-3 text-slate-800">
      {message}
    </p>
  ) : null;

  if (isCancelled) {
    const bookAgain = async (slot: PickerSlot) => {
      const result = await rebook({ bookingToken: token, teacherId: slot.teacherId, startsAt: slot.startsAt, timezone: browserTimeZone() });
      if (!result.ok) return result.message;
      setMessage(result.message);
      if (result.statusPath) router.push(result.statusPath);
      return null;
    };
    return (
      <div className="mt-6">
        {status}
        <p className="mt-3 text-slate-700">This booking was cancelled and cannot be moved.</p>
        <button
          type="button"
          onClick={() => setIsPicking((open) => !open)}
          aria-expanded={isPicking}
          className="mt-3 rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
        >
          Book a new time
        </button>
        {isPicking ? (
          <div className="mt-3">
            <p className="text-sm text-slate-700">The same course and child; your details are kept.</p>
            <SlotPicker load={loadNewTimes} onPick={bookAgain} emptyText="No open times in the next two weeks." />
          </div>
        ) : null}
      </div>
    );
  }

  const cancel = async () => {
    const result = await cancelAction(token);
    setMessage(result.message);
    if (!result.ok) return;
    // The move's picker closes with the booking: "Book a new time" opens a picker of its own.
    setIsPicking(false);
    router.refresh();
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
          aria-expanded={isPicking}
          className="rounded-lg border border-slate-300 px-4 py-2 font-semibold"
        >
          Reschedule
        </button>
        <ConfirmDialog
          title="Cancel the free demo?"
          opener="Cancel"
          openerClassName="rounded-lg border border-red-300 px-4 py-2 font-semibold text-red-700"
        >
          <>
            <p className="mt-3 text-slate-800">
              The time goes back to the teacher&apos;s calendar and the teacher is told. If the time is the problem, another one may suit
              better.
            </p>
            <div className="mt-5 flex flex-wrap justify-end gap-3">
              <CloseDialogButton autoFocus>Keep the demo</CloseDialogButton>
              <CloseDialogButton onClick={() => setIsPicking(true)}>Pick another time</CloseDialogButton>
              <CloseDialogButton onClick={() => void cancel()} className={dangerButtonClass}>
                Cancel the demo
              </CloseDialogButton>
            </div>
          </>
        </ConfirmDialog>
      </div>
      {status}
      {isPicking ? <SlotPicker load={loadMoves} onPick={move} emptyText="No other open times in the next two weeks." /> : null}
    </div>
  );
}
