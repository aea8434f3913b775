"use client";

import { useRouter } from "next/navigation";
import { useCallback, useEffect, useRef, useState } from "react";

import { toastError, toastSuccess } from "@/browser/toast";
import { SlotPicker } from "@/components/forms/slot-picker";
import type { DataResult, PickerDay, PickerSlot } from "@/lib/scheduling/picker";

type Answer = { ok: boolean; message: string };

export interface SupportDemoActions {
  listSlots: (input: { requestId: string; timezone: string; bookingId?: string }) => Promise<DataResult<PickerDay[]>>;
  book: (input: { requestId: string; teacherId: number; startsAt: string }) => Promise<Answer>;
  move: (input: { requestId: string; bookingId: string; startsAt: string }) => Promise<Answer>;
  cancel: (input: { requestId: string; bookingId: string }) => Promise<Answer>;
}

const buttonClass = "rounded-lg border px-4 py-2 font-semibold disabled:opacity-60";

/**
 * Support books a demo time for the family when none is live, or moves or cancels the live one
 * (issue 17). Times in the family's zone (else the agent's own), named; a refused pick shows the message in the picker.
 */
export function SupportDemoControls({
  requestId,
  liveBooking,
  timezone,
  actions,
}: {
  requestId: string;
  /** The live demo (held or confirmed) and its time as the agent reads it; null when none. */
  liveBooking: { id: string; when: string } | null;
  timezone: string;
  actions: SupportDemoActions;
}) {
  const router = useRouter();
  const [message, setMessage] = useState<string | null>(null);
  const [isMoving, setIsMoving] = useState(false);
  const [isConfirmingCancel, setIsConfirmingCancel] = useState(false);
  const [isBusy, setIsBusy] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const bookingId = liveBooking?.id;
  const { listSlots, book, move, cancel } = actions;

  useEffect(() => {
    if (isConfirmingCancel) confirmRef.current?.focus();
  }, [isConfirmingCancel]);

  const load = useCallback((zone: string) => listSlots({ requestId, timezone: zone, bookingId }), [listSlots, requestId, bookingId]);

  const done = (answer: Answer) => {
    setMessage(answer.message);
    void (answer.ok ? toastSuccess(answer.message) : toastError(answer.message));
    if (answer.ok) router.refresh();
  };

  const pick = async (slot: PickerSlot) => {
    const answer = bookingId
      ? await move({ requestId, bookingId, startsAt: slot.startsAt })
      : await book({ requestId, teacherId: slot.teacherId, startsAt: slot.startsAt });
    // A refusal (most often: the time was just taken) shows in the picker, which reloads its times.
    if (!answer.ok) return answer.message;
    setIsMoving(false);
    done(answer);
    return null;
  };

  const confirmCancel = async () => {
    if (!bookingId) return;
    setIsBusy(true);
    const answer = await cancel({ requestId, bookingId });
    setIsBusy(false);
    setIsConfirmingCancel(false);
    done(answer);
  };

  return (
    <div className="mt-4">
      <p role="status" className={message ? "mb-3 font-medium text-slate-900" : "sr-only"}>
        {message ?? ""}
      </p>
      {liveBooking ? (
        <>
          <div className="flex flex-wrap gap-3">
            <button
              type="button"
              aria-expanded={isMoving}
              onClick={() => setIsMoving((open) => !open)}
              className={`${buttonClass} border-brand-700 text-brand-700 hover:bg-brand-50`}
            >
              Move to another time
            </button>
            <button
              type="button"
              onClick={() => setIsConfirmingCancel(true)}
              className={`${buttonClass} border-red-700 text-red-700 hover:bg-red-50`}
            >
              Cancel the demo
            </button>
          </div>
          {isConfirmingCancel ? (
            <div role="group" aria-label="Confirm cancelling" className="mt-3 rounded-xl bg-red-50 p-3">
              <p className="text-slate-900">Cancel the demo on {liveBooking.when}? The time is freed for other families.</p>
              <div className="mt-2 flex gap-3">
                <button
                  ref={confirmRef}
                  type="button"
                  disabled={isBusy}
                  onClick={() => void confirmCancel()}
                  className={`${buttonClass} border-red-700 bg-red-700 text-white hover:bg-red-800`}
                >
                  Yes, cancel it
                </button>
                <button
                  type="button"
                  onClick={() => setIsConfirmingCancel(false)}
                  className={`${buttonClass} border-slate-400 text-slate-900`}
                >
                  Keep it
                </button>
              </div>
            </div>
          ) : null}
          {isMoving ? (
            <SlotPicker
              load={load}
              onPick={pick}
              timezone={timezone}
              emptyText="This teacher has no other open times in the next two weeks."
            />
          ) : null}
        </>
      ) : (
        <>
          <h3 className="font-bold text-slate-900">Book a time for the family</h3>
          <SlotPicker load={load} onPick={pick} timezone={timezone} emptyText="No open times for this course in the next two weeks." />
        </>
      )}
    </div>
  );
}
