import { DataTable } from "@/components/dashboards/data-table";
import { monthLabel, monthSpanIn } from "@/lib/commerce/earnings/attribution";
import type { Statement, StatementLine } from "@/lib/commerce/earnings/statements";
import { formatMoney } from "@/lib/commerce/wallet/money";
import { formatDate, formatInstantInZone } from "@/lib/scheduling/time";

import { StatementStatus } from "./statement-status";

const LINE_LABELS = { section: "Sessions taught", refund: "Refund deducted", credit: "Session credit deducted" } as const;

/**
 * When a refund or credit was made, on the reader's clock with the zone named (issue 41, one clock);
 * a line frozen before its instant was kept has only its UTC day, named so.
 */
function lineWhen(line: StatementLine, zone: string): string {
  if (line.at) return formatInstantInZone(line.at, zone);
  return line.date ? `${formatDate(line.date)} UTC` : "";
}

/**
 * One month's statement: its figures from gross to net, then the lines they come from. Its month is
 * the rule's (UTC), read on the reader's clock (`zone`, named); so are the lines' refunds and credits.
 */
export function StatementDetail({ statement, csvHref, zone }: { statement: Statement; csvHref: string; zone: string }) {
  const money = (minor: number) => formatMoney(minor, statement.currency);
  const label = monthLabel(statement.month);
  const rows: Array<[string, string]> = [
    ["Sessions taught", String(statement.sessions)],
    ["Paid seats", String(statement.seats)],
    ["Gross", money(statement.grossMinor)],
    ["Refunds deducted", `− ${money(statement.refundsMinor)}`],
    ["Session credits deducted", `− ${money(statement.creditsMinor)}`],
    [`Platform share (${statement.platformSharePercent}%)`, `− ${money(statement.platformShareMinor)}`],
    ...(statement.carriedMinor > 0 ? [["Carried over from earlier months", `− ${money(statement.carriedMinor)}`] as [string, string]] : []),
  ];
  return (
    <section aria-labelledby="statement-heading" className="mt-8 rounded-xl border border-slate-200 p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="statement-heading" className="text-xl font-bold text-slate-900">
          Statement for {label}
        </h2>
        <StatementStatus statement={statement} zone={zone} />
      </div>
      <p className="mt-1 text-sm text-slate-700" data-testid="statement-month-span">
        {label} on your clock: {monthSpanIn(statement.month, zone)} (the calendar month in UTC).
      </p>
      <dl className="mt-4 grid max-w-md grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-slate-700">{term}</dt>
            <dd className="text-right tabular-nums text-slate-900">{value}</dd>
          </div>
        ))}
        <div className="contents">
          <dt className="border-t border-slate-300 pt-1 font-bold text-slate-900">Net to you</dt>
          <dd className="border-t border-slate-300 pt-1 text-right font-bold tabular-nums text-slate-900">{money(statement.netMinor)}</dd>
        </div>
      </dl>
      {statement.status === "nothing" && statement.netMinor < 0 ? (
        <p className="mt-3 text-sm text-slate-700">
          Nothing is paid for {label}: its {money(-statement.netMinor)} below zero comes off next month&apos;s net.
        </p>
      ) : null}
      {statement.payment?.method === "manual" && statement.payment.reference ? (
        <p className="mt-3 text-sm text-slate-700">Paid by hand, reference {statement.payment.reference}.</p>
      ) : null}
      {statement.payment?.stripeTransferId ? (
        <p className="mt-3 text-sm text-slate-700">Sent to your Stripe account (transfer {statement.payment.stripeTransferId}).</p>
      ) : null}
      <p className="mt-4">
        <a
          href={csvHref}
          download
          className="inline-block rounded-lg border border-brand-700 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
        >
          Download CSV for {label}
        </a>
      </p>
      {statement.lines.length > 0 ? (
        <div className="mt-6">
          <DataTable
            caption={`Lines of the statement for ${label}`}
            columns={["Line", "Course", "When", "Sessions", "Seats", { label: "Amount", className: "text-right" }]}
          >
            {statement.lines.map((line, index) => (
              <tr key={index} className="border-t border-slate-200">
                <td className="px-3 py-2">{LINE_LABELS[line.kind]}</td>
                <td className="px-3 py-2">
                  {line.courseTitle} <span className="text-slate-600">(section {line.sectionId})</span>
                </td>
                <td className="px-3 py-2">{lineWhen(line, zone)}</td>
                <td className="px-3 py-2">{line.kind === "section" ? line.sessions : ""}</td>
                <td className="px-3 py-2">{line.seats}</td>
                <td className="px-3 py-2 text-right tabular-nums">
                  {line.kind === "section" ? money(line.amountMinor) : `− ${money(line.amountMinor)}`}
                </td>
              </tr>
            ))}
          </DataTable>
        </div>
      ) : (
        <p className="mt-6 text-sm text-slate-700">No paid seats, refunds or credits in this month.</p>
      )}
    </section>
  );
}
