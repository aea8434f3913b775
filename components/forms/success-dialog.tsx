"use client";

import { useEffect, useRef, useState, type ComponentType } from "react";

import { DEMO_SUCCESS_TEXT, DEMO_SUCCESS_TITLE } from "@/lib/platform/constants";

import type { TimePickerActions } from "@/lib/scheduling/picker";

import type { BookedDemo } from "./demo-time-picker";

type PickerComponent = ComponentType<{ leadToken: string; actions: TimePickerActions; onBooked: (booked: BookedDemo) => void }>;

/**
 * SPEC 9: the success dialog. A modal <dialog> traps focus and closes on Escape. With the lead's
 * token its primary action is "Pick a time"; the picker's code loads on that click, so the demo pages'
 * first load does not grow. Picking no time keeps the spec's flow (we call within 24 hours), and the
 * acknowledgement email links to the picker for later.
 */
export function SuccessDialog({
  isOpen,
  onClose,
  leadToken = null,
  timePicker,
  repeatNotice = null,
}: {
  isOpen: boolean;
  onClose: () => void;
  leadToken?: string | null;
  timePicker?: TimePickerActions;
  /** Said when the request updated the family's earlier one (same email and grade within a day). */
  repeatNotice?: string | null;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const firstActionRef = useRef<HTMLButtonElement>(null);
  const [Picker, setPicker] = useState<PickerComponent | null>(null);
  const [booked, setBooked] = useState<BookedDemo | null>(null);
  const canPickTime = leadToken !== null && timePicker !== undefined;

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
      firstActionRef.current?.focus();
    } else if (!isOpen && dialog.open) {
      dialog.close();
    }
  }, [isOpen]);

  const secondary = "rounded-lg border border-slate-300 px-5 py-2 font-semibold text-slate-800 hover:border-brand-600";
  const primary = "rounded-lg bg-brand-600 px-5 py-2 font-semibold text-white hover:bg-brand-700";
  // Picking a time is what the family came for: the solid button, first in focus; Close is the way out.
  const offersPicker = canPickTime && !Picker && !booked;

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
        {repeatNotice ? <span className="mb-2 block font-semibold text-slate-900">{repeatNotice}</span> : null}
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
      ) : canPickTime ? (
        <p className="mt-3 text-sm text-slate-700">The email we sent you has a link to pick a time later, too.</p>
      ) : null}
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {offersPicker ? (
          <button ref={firstActionRef} type="button" onClick={() => void openPicker()} className={primary}>
            Pick a time
          </button>
        ) : null}
        <button
          ref={offersPicker ? undefined : firstActionRef}
          type="button"
          onClick={close}
          className={offersPicker ? secondary : primary}
        >
          Close
        </button>
      </div>
    </dialog>
  );
}
