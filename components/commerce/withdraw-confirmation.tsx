"use client";

import Link from "next/link";
import { useId, useRef } from "react";

import { ActionForm, type FormAction } from "@/components/dashboards/action-form";

/**
 * Withdraw, in two steps: the button opens a modal dialog (focus moves into it, Escape closes it,
 * focus goes back to the button) that says what the refund is and where it goes before anything
 * changes; only its own button withdraws.
 */
export function WithdrawConfirmation({
  orderItemId,
  learnerName,
  courseTitle,
  refundPreview,
  refundableUntil,
  withdraw,
}: {
  orderItemId: number;
  learnerName: string;
  courseTitle: string;
  refundPreview: string;
  refundableUntil: string;
  withdraw: FormAction;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const close = () => dialogRef.current?.close();
  return (
    <>
      <button
        ref={openerRef}
        type="button"
        onClick={() => dialogRef.current?.showModal()}
        className="rounded-lg border border-red-700 px-3 py-1.5 text-sm font-semibold text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2"
      >
        Withdraw
        <span className="sr-only">
          {" "}
          {learnerName} from {courseTitle}
        </span>
      </button>
      {/* A native modal dialog: the browser traps focus in it and closes it on Escape; onClose puts focus back. */}
      <dialog
        ref={dialogRef}
        aria-labelledby={titleId}
        onClose={() => openerRef.current?.focus()}
        className="m-auto w-full max-w-md rounded-2xl border border-slate-200 p-6 shadow-xl backdrop:bg-slate-900/50"
      >
        <h2 id={titleId} className="text-lg font-bold text-slate-900">
          Withdraw {learnerName} from {courseTitle}?
        </h2>
        <p className="mt-3 text-slate-800">
          {learnerName}&apos;s seat is given up. {refundPreview}
        </p>
        <p className="mt-2 text-sm text-slate-700">
          Refunded in full because it is before {refundableUntil}, as our{" "}
          <Link href="/terms-of-service#refunds" className="font-semibold text-brand-700 underline underline-offset-4">
            refund policy
          </Link>{" "}
          says.
        </p>
        <ActionForm action={withdraw} className="mt-5">
          <input type="hidden" name="orderItemId" value={orderItemId} />
          <div className="flex flex-wrap justify-end gap-3">
            <button
              type="button"
              autoFocus
              onClick={close}
              className="rounded-lg border border-slate-300 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2"
            >
              Keep the seat
            </button>
            <button
              type="submit"
              className="rounded-lg bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2"
            >
              Withdraw and refund
            </button>
          </div>
        </ActionForm>
      </dialog>
    </>
  );
}
