import { AdminRefundDialog } from "@/components/commerce/admin-refund-dialog";
import { ActionForm, type FormAction } from "@/components/dashboards/action-form";
import { DataTable } from "@/components/dashboards/data-table";
import type { AdminOrderRow, AdminPurchaseRow, OrderFilters } from "@/lib/commerce/admin/admin-orders";
import { formatInstantInZone } from "@/lib/scheduling/time";
import { zoneLabel } from "@/lib/scheduling/zone-name";

const STATUSES = ["pending", "paid", "refunded", "expired", "flagged"] as const;
const field = "mt-1 block max-w-full rounded-lg border border-slate-400 px-3 py-2 text-slate-900";
// min-w-0 max-w-full (with the field's max-w-full): a long course name must not push a phone's page sideways.
const filterLabel = "min-w-0 max-w-full text-sm font-semibold text-slate-800";

/** The orders list's filters: a GET form, so a filtered list is a link. Its dates are days on the admin's clock (`zone`), named. */
export function AdminOrderFilters({
  filters,
  courses,
  action,
  zone,
}: {
  filters: OrderFilters;
  courses: Array<{ id: number; title: string }>;
  action: string;
  zone: string;
}) {
  const daysHint = "order-filter-days";
  return (
    <form method="get" action={action} className="flex flex-wrap items-end gap-4" aria-label="Filter orders">
      <label className={filterLabel}>
        Status
        <select name="status" defaultValue={filters.status ?? ""} className={field}>
          <option value="">Any</option>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
      <label className={filterLabel}>
        Course
        <select name="course" defaultValue={filters.course ?? ""} className={field}>
          <option value="">Any</option>
          {courses.map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
            </option>
          ))}
        </select>
      </label>
      <label className={filterLabel}>
        From
        <input type="date" name="from" defaultValue={filters.from ?? ""} aria-describedby={daysHint} className={field} />
      </label>
      <label className={filterLabel}>
        To
        <input type="date" name="to" defaultValue={filters.to ?? ""} aria-describedby={daysHint} className={field} />
      </label>
      <button type="submit" className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
        Filter
      </button>
      <p id={daysHint} className="basis-full text-sm text-slate-700">
        From and To are whole days in {zoneLabel(zone)}, your clock (To included).
      </p>
    </form>
  );
}

/** Orders with their seats and refunds; a paid order can be refunded with a reason. */
/** Placed in the admin's `zone`, named. */
export function AdminOrderTable({ orders, refund, zone }: { orders: AdminOrderRow[]; refund: FormAction; zone: string }) {
  if (orders.length === 0) return <p className="text-slate-700">No orders match.</p>;
  return (
    <DataTable caption="Orders, newest first" columns={["Placed", "Customer", "Seats", "Total (wallet / card)", "Status", "Refund"]}>
      {orders.map((order) => (
        <tr key={order.id} className="border-t border-slate-200 align-top">
          <td className="px-3 py-2 whitespace-nowrap">{formatInstantInZone(order.createdAt, zone)}</td>
          <td className="px-3 py-2">{order.email}</td>
          <td className="px-3 py-2">{order.items}</td>
          <td className="px-3 py-2 whitespace-nowrap">
            {order.total} ({order.wallet} / {order.card})
          </td>
          <td className="px-3 py-2">
            {order.status}
            {order.refunded ? <span className="block text-slate-700">refunded {order.refunded}</span> : null}
          </td>
          <td className="px-3 py-2">{order.canRefund ? <AdminRefundDialog order={order} refund={refund} /> : null}</td>
        </tr>
      ))}
    </DataTable>
  );
}

export interface PaymentIssueRow {
  id: number;
  orderId: string | null;
  topUpId?: string | null;
  giftId?: string | null;
  kind: string;
  details: unknown;
  createdAt: Date;
}

/** Open payment issues (a Stripe amount that did not match, a refund that failed), each resolvable. */
export function PaymentIssueList({ issues, resolve, zone }: { issues: PaymentIssueRow[]; resolve: FormAction; zone: string }) {
  if (issues.length === 0) return <p className="text-slate-700">No open payment issues.</p>;
  return (
    <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
      {issues.map((issue) => (
        <li key={issue.id} className="flex flex-col gap-2 p-4 sm:flex-row sm:justify-between">
          <div className="text-sm">
            <p className="font-semibold text-slate-900">
              {issue.kind.replaceAll("_", " ")} ·{" "}
              {issue.topUpId ? `top-up ${issue.topUpId}` : issue.giftId ? `gift ${issue.giftId}` : `order ${issue.orderId ?? "unknown"}`}
            </p>
            <p className="text-slate-700">{formatInstantInZone(issue.createdAt, zone)}</p>
            <pre className="mt-1 overflow-x-auto text-xs whitespace-pre-wrap text-slate-800">{JSON.stringify(issue.details)}</pre>
          </div>
          <ActionForm action={resolve}>
            <input type="hidden" name="issueId" value={issue.id} />
            <button
              type="submit"
              className="rounded border border-slate-500 px-3 py-1 text-sm font-semibold text-slate-900 hover:bg-slate-50"
            >
              Resolve<span className="sr-only"> issue {issue.id}</span>
            </button>
          </ActionForm>
        </li>
      ))}
    </ul>
  );
}

/** Credit or debit an account's wallet, with a reason; the ledger never goes below zero. */
export function WalletAdjustmentForm({ adjust, cashLabel }: { adjust: FormAction; cashLabel: string }) {
  return (
    <ActionForm action={adjust} resetOnSuccess className="flex flex-wrap items-end gap-4">
      <label className="text-sm font-semibold text-slate-800">
        Account email
        <input type="email" name="email" required className={field} />
      </label>
      <label className="text-sm font-semibold text-slate-800">
        Amount (negative to debit)
        <input name="amount" required inputMode="decimal" pattern="-?[0-9]+([.][0-9]{1,2})?" placeholder="25.00" className={field} />
      </label>
      <label className="text-sm font-semibold text-slate-800">
        Reason
        <input name="reason" required minLength={3} maxLength={500} className={`${field} w-64`} />
      </label>
      <button type="submit" className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
        Adjust {cashLabel}
      </button>
    </ActionForm>
  );
}

/** Gifts and card top-ups: purchases that are not seats, with what became of each gift (never its code). */
/** Bought in the admin's `zone`, named. */
export function AdminPurchaseTable({ purchases, zone }: { purchases: AdminPurchaseRow[]; zone: string }) {
  if (purchases.length === 0) return <p className="text-slate-700">No gifts or top-ups in this range.</p>;
  return (
    <DataTable caption="Gifts and top-ups, newest first" columns={["Bought", "What", "Buyer", "Amount", "Paid by", "Status"]}>
      {purchases.map((purchase) => (
        <tr key={purchase.id} className="border-t border-slate-200 align-top">
          <td className="px-3 py-2 whitespace-nowrap">{formatInstantInZone(purchase.createdAt, zone)}</td>
          <td className="px-3 py-2">{purchase.kind}</td>
          <td className="px-3 py-2">{purchase.email ?? "deleted account"}</td>
          <td className="px-3 py-2 whitespace-nowrap">{purchase.amount}</td>
          <td className="px-3 py-2">{purchase.paidBy}</td>
          <td className="px-3 py-2">
            {purchase.status}
            {purchase.note ? <span className="block text-slate-700">{purchase.note}</span> : null}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
