"use client";

import { useEffect, useRef } from "react";

import { DEMO_SUCCESS_TEXT, DEMO_SUCCESS_TITLE } from "@/lib/constants";

/** SPEC 9: the success dialog. A modal <dialog> traps focus and closes on Escape. */
export function SuccessDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

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
      onClose={onClose}
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
      <button
        ref={closeRef}
        type="button"
        onClick={onClose}
        className="mt-6 rounded-lg bg-brand-600 px-5 py-2 font-semibold text-white hover:bg-brand-700"
      >
        Close
      </button>
    </dialog>
  );
}
