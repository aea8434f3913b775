import { AdminNav } from "@/components/dashboards/admin-nav";
import { timezoneOfUser } from "@/lib/accounts/user-directory";
import { AdminStatementTable } from "@/components/earnings/admin-statement-table";
import { EARNINGS_RULE, monthLabel, monthOf, monthSpanIn } from "@/lib/commerce/earnings/attribution";
import { isConnectAvailable } from "@/lib/commerce/earnings/connect";
import { lastClosedMonth, listStatementsForAdmin } from "@/lib/commerce/earnings/reading";
import { parseMonth } from "@/lib/commerce/earnings/statements";
import { requirePagePermission } from "@/lib/platform/auth/session";
import { zoneLabel } from "@/lib/scheduling/zone-name";

import { payStatementAction } from "./actions";

export const metadata = { title: "Teachers' earnings" };

const PATH = "/admin/earnings";

/**
 * Issue 28: every teacher's statement for a month (UTC, the rule's), its CSV, and paying it: through
 * Stripe, or recorded by hand (audited). The month read on the admin's own clock (issue 41).
 */
export default async function AdminEarningsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const actor = await requirePagePermission("earnings.manage", PATH);
  const now = new Date();
  const requested = parseMonth((await searchParams).month);
  const month = requested && requested <= monthOf(now) ? requested : lastClosedMonth(now);
  const [rows, zone] = await Promise.all([listStatementsForAdmin(actor, month, now), timezoneOfUser(actor.id)]);
  const stripe = isConnectAvailable();
  return (
    <>
      <AdminNav current={PATH} />
      <h1 className="text-3xl font-extrabold text-slate-900">Teachers&apos; earnings</h1>
      <p className="mt-2 max-w-3xl text-slate-700">
        Each teacher&apos;s statement for {monthLabel(month)}, a calendar month in UTC (on your clock, {monthSpanIn(month, zone)}): the
        seats&apos; shares of the sessions of the month, less refunds and session credits, less the platform&apos;s{" "}
        {EARNINGS_RULE.platformSharePercent}%. A statement is paid once its month is over; paying stores it as it is, so later refunds and
        credits count in a later month. A statement&apos;s CSV dates its refunds and credits on your clock ({zoneLabel(zone)}).{" "}
        {stripe
          ? "Pay through Stripe sends a transfer to the teacher's connected account; Record as paid notes a payment made another way."
          : "Stripe is not configured: record each payment made by hand, with its reference."}
      </p>
      <form method="get" action={PATH} className="mt-6 flex flex-wrap items-end gap-3" aria-label="Choose a month">
        <label className="text-sm font-semibold text-slate-800">
          Month
          <input
            type="month"
            name="month"
            defaultValue={month}
            max={monthOf(now)}
            className="mt-1 block rounded-lg border border-slate-400 px-3 py-2"
          />
        </label>
        <button type="submit" className="rounded-lg border border-slate-500 px-4 py-2 font-semibold text-slate-900 hover:bg-slate-100">
          Show
        </button>
      </form>
      <div className="mt-6">
        <AdminStatementTable rows={rows} pay={payStatementAction} stripe={stripe} zone={zone} />
      </div>
    </>
  );
}
