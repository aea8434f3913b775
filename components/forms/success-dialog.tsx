"use client";

import { useEffect, useRef, useState, type ComponentType } from "react";

import { DEMO_SUCCESS_TEXT, DEMO_SUCCESS_TITLE } from "@/lib/platform/constants";

import type { TimePickerActions } from "@/lib/scheduling/picker";

import type { BookedDemo } from "./demo-time-picker";

type PickerComponent = ComponentType<{ leadToken: string; actions: TimePickerActions; onBooked: (booked: BookedDemo) => void }>;

/**
 * SPEC 9: the success dialog. A modal <dialog> traps focus and closes on Escape. With the lead's
 * token it offers a time for the demo; the picker's code loads on that click, so the demo pages'
 * first load does not grow. Picking no time keeps the spec's flow (we call within 24 hours).
 */
export function SuccessDialog({
  isOpen,
  onClose,
  leadToken = null,
  timePicker,
}: {
  isOpen: boolean;
  onClose: () => void;
  leadToken?: string | null;
  timePicker?: TimePickerActions;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const [Picker, setPicker] = useState<PickerComponent | null>(null);
  const [booked, setBooked] = useState<BookedDemo | null>(null);

  const close = () => {
    setPicker(null);
    setBooked(null);
    onClose();
  };

  const openPicker = async () => {
    const loaded = await import("./demo-time-picker");
    setPicker(() => loaded.default);
  };

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) {
      dialog.showModal();
      closeRef.current?.focus();
    } else if (!isOpen && dialog.open) {
      dialog.close();
    }
  }, [isOpen]);

  return (
    <dialog
      ref={ref}
      onClose={close}
      aria-labelledby="demo-success-title"
      aria-describedby="demo-success-text"
      className="m-auto w-[min(92vw,28rem)] rounded-2xl p-6 text-center shadow-xl"
    >
      <h2 id="demo-success-title" className="text-2xl font-bold text-slate-900">
        {DEMO_SUCCESS_TITLE}
      </h2>
      <p id="demo-success-text" className="mt-3 text-slate-700">
        {DEMO_SUCCESS_TEXT}
      </p>
      {booked ? (
        <p className="mt-3 font-semibold text-slate-900" role="status">
          Your free demo is booked for {booked.when}.{" "}
          <a href={`/demo/${booked.token}`} className="text-brand-700 underline">
            See or change your booking
          </a>
        </p>
      ) : Picker && leadToken && timePicker ? (
        <Picker leadToken={leadToken} actions={timePicker} onBooked={setBooked} />
      ) : leadToken && timePicker ? (
        <button type="button" onClick={() => void openPicker()} className="mt-4 font-semibold text-brand-700 underline">
          Pick a time for the free demo
        </button>
      ) : null}
      <button
        ref={closeRef}
        type="button"
        onClick={close}
        className="mt-6 rounded-lg bg-brand-600 px-5 py-2 font-semibold text-white hover:bg-brand-700"
      >
        Close
      </button>
    </dialog>
  );
}
