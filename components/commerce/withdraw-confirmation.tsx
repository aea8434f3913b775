"use client";

import Link from "next/link";
import { ActionForm, type FormAction } from "@/components/dashboards/action-form";
import { CloseDialogButton, ConfirmDialog, dangerButtonClass } from "@/components/ui/confirm-dialog";

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
  return (
    <ConfirmDialog
      title={`Withdraw ${learnerName} from ${courseTitle}?`}
      openerClassName="rounded-lg border border-red-700 px-3 py-1.5 text-sm font-semibold text-red-700 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2"
      opener={
        <>
          Withdraw
          <span className="sr-only">
            {" "}
            {learnerName} from {courseTitle}
          </span>
        </>
      }
    >
      <>
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
            <CloseDialogButton autoFocus>Keep the seat</CloseDialogButton>
            <button type="submit" className={dangerButtonClass}>
              Withdraw and refund
            </button>
          </div>
        </ActionForm>
      </>
    </ConfirmDialog>
  );
}
