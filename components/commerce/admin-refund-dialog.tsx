"use client";

import { ActionForm, type FormAction } from "@/components/dashboards/action-form";
import { CloseDialogButton, ConfirmDialog, dangerButtonClass } from "@/components/ui/confirm-dialog";

/** An admin's refund of an order, asked first: what goes back and to whom, with the reason recorded. */
export function AdminRefundDialog({
  order,
  refund,
}: {
  order: { id: string; email: string; items: string; total: string; wallet: string; card: string; hasCardPart: boolean };
  refund: FormAction;
}) {
  return (
    <ConfirmDialog
      title={`Refund the order of ${order.email}?`}
      openerClassName="rounded border border-red-700 px-2 py-1 font-semibold text-red-700 hover:bg-red-50"
      opener={
        <>
          Refund<span className="sr-only"> order of {order.email}</span>
        </>
      }
    >
      <ActionForm action={refund} className="mt-3">
        <p className="text-slate-800">
          Every seat of the order not yet refunded is given up ({order.items}) and paid back: {order.total}
          {order.hasCardPart ? ` (${order.wallet} to the family's Cash wallet, ${order.card} to the card)` : " to the family's Cash wallet"}
          . This cannot be undone.
        </p>
        <input type="hidden" name="orderId" value={order.id} />
        <label className="mt-4 block text-sm font-semibold text-slate-800">
          Reason (recorded with your name)
          <input
            name="reason"
            required
            minLength={3}
            maxLength={500}
            autoFocus
            className="mt-1 block w-full rounded border border-slate-400 px-2 py-1.5 font-normal"
          />
        </label>
        <div className="mt-5 flex flex-wrap justify-end gap-3">
          <CloseDialogButton>Keep the order</CloseDialogButton>
          <button type="submit" className={dangerButtonClass}>
            Refund
          </button>
        </div>
      </ActionForm>
    </ConfirmDialog>
  );
}
