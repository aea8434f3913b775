import Link from "next/link";

import { DataTable } from "@/components/dashboards/data-table";
import { monthLabel } from "@/lib/commerce/earnings/attribution";
import type { Statement } from "@/lib/commerce/earnings/statements";
import { formatMoney } from "@/lib/commerce/wallet/money";

import { StatementStatus } from "./statement-status";

/** A teacher's months, newest first: each links to its statement on the same page. A paid day is on the reader's clock (`zone`). */
export function StatementList({
  statements,
  selected,
  path,
  zone,
}: {
  statements: Statement[];
  selected: string;
  path: string;
  zone: string;
}) {
  return (
    <DataTable
      caption="Your monthly statements"
      columns={[
        "Month",
        "Sessions",
        "Seats",
        { label: "Gross", className: "text-right" },
        { label: "Net to you", className: "text-right" },
        "Status",
      ]}
    >
      {statements.map((statement) => (
        <tr key={statement.month} className="border-t border-slate-200">
          <td className="px-3 py-2">
            <Link
              href={`${path}?month=${statement.month}`}
              aria-current={statement.month === selected ? "page" : undefined}
              className="font-semibold text-brand-700 underline underline-offset-4"
            >
              {monthLabel(statement.month)}
            </Link>
          </td>
          <td className="px-3 py-2">{statement.sessions}</td>
          <td className="px-3 py-2">{statement.seats}</td>
          <td className="px-3 py-2 text-right tabular-nums">{formatMoney(statement.grossMinor, statement.currency)}</td>
          <td className="px-3 py-2 text-right tabular-nums">{formatMoney(statement.netMinor, statement.currency)}</td>
          <td className="px-3 py-2">
            <StatementStatus statement={statement} zone={zone} />
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
