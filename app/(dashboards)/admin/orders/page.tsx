import {
  AdminOrderFilters,
  AdminOrderTable,
  AdminPurchaseTable,
  PaymentIssueList,
  WalletAdjustmentForm,
} from "@/components/commerce/admin-orders";
import { AdminNav } from "@/components/dashboards/admin-nav";
import { timezoneOfUser } from "@/lib/accounts/user-directory";
import { listCoursesWithSections, listOrdersForAdmin, listPurchasesForAdmin, parseOrderFilters } from "@/lib/commerce/admin/admin-orders";
import { listOpenPaymentIssues } from "@/lib/commerce/checkout/order-view";
import { requirePagePermission } from "@/lib/platform/auth/session";
import { brandLabels } from "@/lib/platform/brand";

import { adjustWalletAction, refundOrderAction, resolvePaymentIssueAction } from "./actions";

export const metadata = { title: "Orders and refunds" };

const PATH = "/admin/orders";

/** Issue 18: orders and refunds with filters, refunds with a reason (audited), open payment issues. */
export default async function AdminOrdersPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const actor = await requirePagePermission("orders.manage", PATH);
  // One clock (issue 41): the date filter's days are the admin's, as every time on the page.
  const zone = await timezoneOfUser(actor.id);
  const filters = parseOrderFilters(await searchParams, zone);
  const [orders, purchases, courses, issues] = await Promise.all([
    listOrdersForAdmin(actor, filters),
    listPurchasesForAdmin(actor, filters),
    listCoursesWithSections(actor),
    listOpenPaymentIssues(actor),
  ]);
  return (
    <>
      <AdminNav current={PATH} />
      <h1 className="text-3xl font-extrabold text-slate-900">Orders and refunds</h1>
      <p className="mt-2 max-w-2xl text-slate-700">
        A refund gives back every seat of the order not yet refunded and frees the seats; the reason is recorded with who refunded.
      </p>
      <section aria-labelledby="payment-issues" className="mt-8">
        <h2 id="payment-issues" className="mb-3 text-xl font-bold text-slate-900">
          Open payment issues
        </h2>
        <PaymentIssueList issues={issues} resolve={resolvePaymentIssueAction} zone={zone} />
      </section>
      <section aria-labelledby="wallet-adjustment" className="mt-10">
        <h2 id="wallet-adjustment" className="mb-3 text-xl font-bold text-slate-900">
          Adjust a {brandLabels.cash} balance
        </h2>
        <WalletAdjustmentForm adjust={adjustWalletAction} cashLabel={brandLabels.cash} />
      </section>
      <section aria-labelledby="orders" className="mt-10">
        <h2 id="orders" className="mb-3 text-xl font-bold text-slate-900">
          Orders
        </h2>
        <AdminOrderFilters filters={filters} courses={courses} action={PATH} zone={zone} />
        <div className="mt-6">
          <AdminOrderTable orders={orders} refund={refundOrderAction} zone={zone} />
        </div>
      </section>
      <section aria-labelledby="purchases" className="mt-10">
        <h2 id="purchases" className="mb-3 text-xl font-bold text-slate-900">
          Gifts and top-ups
        </h2>
        <AdminPurchaseTable purchases={purchases} zone={zone} />
      </section>
    </>
  );
}
