import { TeacherNav } from "@/components/dashboards/teacher-nav";
import { timezoneOfUser } from "@/lib/accounts/user-directory";
import { PayoutAccountPanel } from "@/components/earnings/payout-account";
import { StatementDetail } from "@/components/earnings/statement-detail";
import { StatementList } from "@/components/earnings/statement-list";
import { earningsRuleText, monthOf } from "@/lib/commerce/earnings/attribution";
import { findPayoutAccount, isConnectAvailable } from "@/lib/commerce/earnings/connect";
import { lastClosedMonth } from "@/lib/commerce/earnings/reading";
import { parseMonth, teacherMonths, teacherStatements } from "@/lib/commerce/earnings/statements";
import { requirePagePermission } from "@/lib/platform/auth/session";

import { connectStripeAction } from "./actions";

export const metadata = { title: "Earnings" };

const PATH = "/teacher/earnings";

const CONNECT_NOTICES: Record<string, string> = {
  ready: "Your Stripe account is connected and ready for payouts.",
  pending: "Stripe has not finished checking your account yet. Finish the onboarding, or come back later.",
  unavailable: "Stripe could not be reached just now. Please try again in a few minutes.",
};

/**
 * Issue 28: a teacher's monthly statements (months in UTC, the rule's), one in detail with its CSV,
 * and where they are paid; the month read on the teacher's own clock (issue 41).
 */
export default async function TeacherEarningsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const actor = await requirePagePermission("earnings.read-own", PATH);
  const params = await searchParams;
  const now = new Date();
  const months = await teacherMonths(actor.id, now);
  const statements = await teacherStatements(actor.id, months, now);
  const requested = parseMonth(params.month);
  const fallback = months.includes(lastClosedMonth(now)) ? lastClosedMonth(now) : monthOf(now);
  const selected = requested && requested <= monthOf(now) ? requested : fallback;
  const detail = statements.find((s) => s.month === selected) ?? (await teacherStatements(actor.id, [selected], now))[0];
  const [account, zone] = await Promise.all([findPayoutAccount(actor.id), timezoneOfUser(actor.id)]);
  const connect = typeof params.connect === "string" ? (CONNECT_NOTICES[params.connect] ?? null) : null;
  return (
    <>
      <h1 className="text-3xl font-extrabold text-slate-900">Earnings</h1>
      <p className="mt-2 max-w-2xl text-slate-700">
        What you earned each month from your classes, what was deducted, and what you are paid.
      </p>
      <div className="mt-6">
        <TeacherNav current={PATH} />
      </div>
      <section aria-labelledby="payouts" className="mb-8">
        <h2 id="payouts" className="mb-2 text-xl font-bold text-slate-900">
          Payouts
        </h2>
        <PayoutAccountPanel available={isConnectAvailable()} account={account} connect={connectStripeAction} notice={connect} />
      </section>
      <section aria-labelledby="statements">
        <h2 id="statements" className="mb-3 text-xl font-bold text-slate-900">
          Monthly statements
        </h2>
        <StatementList statements={statements} selected={selected} path={PATH} zone={zone} />
      </section>
      {detail ? <StatementDetail statement={detail} csvHref={`/api/earnings/statement?month=${detail.month}`} zone={zone} /> : null}
      <section aria-labelledby="how-counted" className="mt-8">
        <h2 id="how-counted" className="mb-2 text-xl font-bold text-slate-900">
          How your earnings are counted
        </h2>
        <ul className="list-disc space-y-1 pl-6 text-slate-700">
          {earningsRuleText().map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>
    </>
  );
}
