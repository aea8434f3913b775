import { ActionForm, type FormAction } from "@/components/dashboards/action-form";
import { DataTable } from "@/components/dashboards/data-table";
import { monthLabel } from "@/lib/commerce/earnings/attribution";
import type { AdminStatementRow } from "@/lib/commerce/earnings/reading";
import { formatMoney } from "@/lib/commerce/wallet/money";

import { StatementStatus } from "./statement-status";

const field = "mt-1 block w-44 rounded-lg border border-slate-400 px-2 py-1 text-slate-900";
const button = "rounded-lg px-3 py-1.5 text-sm font-semibold";

/** How a row can be paid: by Stripe when configured and the teacher is connected, by hand (with a reference) always. */
function PayForms({ row, pay, stripe }: { row: AdminStatementRow; pay: FormAction; stripe: boolean }) {
  const who = `${row.teacherName}, ${monthLabel(row.month)}`;
  const hidden = (
    <>
      <input type="hidden" name="teacherId" value={row.teacherId} />
      <input type="hidden" name="month" value={row.month} />
    </>
  );
  return (
    <div className="flex flex-col gap-3">
      {stripe ? (
        row.connected ? (
          <ActionForm action={pay}>
            {hidden}
            <input type="hidden" name="method" value="stripe" />
            <button
              type="submit"
              className={`${button} bg-brand-700 text-white hover:bg-brand-800`}
              aria-label={`Pay ${who} through Stripe`}
            >
              Pay through Stripe
            </button>
          </ActionForm>
        ) : (
          <p className="text-xs text-slate-700">No Stripe account ready for payouts.</p>
        )
      ) : null}
      <ActionForm action={pay} className="flex flex-wrap items-end gap-2">
        {hidden}
        <input type="hidden" name="method" value="manual" />
        <label className="text-xs font-semibold text-slate-800">
          Payment reference for {who}
          <input name="reference" required maxLength={200} className={field} autoComplete="off" />
        </label>
        <button type="submit" className={`${button} border border-slate-500 text-slate-900 hover:bg-slate-100`}>
          Record as paid
        </button>
      </ActionForm>
    </div>
  );
}

/** Every teacher's statement for one month, with its CSV and, when due, how to pay it. */
export function AdminStatementTable({
  rows,
  pay,
  stripe,
  zone,
}: {
  rows: AdminStatementRow[];
  pay: FormAction;
  stripe: boolean;
  /** The admin's, for a paid day. */
  zone: string;
}) {
  if (rows.length === 0) return <p className="text-slate-700">No teacher has a section yet.</p>;
  return (
    <DataTable
      caption={`Teachers' statements for ${monthLabel(rows[0]!.month)}`}
      columns={[
        "Teacher",
        "Sessions",
        "Seats",
        { label: "Gross", className: "text-right" },
        { label: "Refunds", className: "text-right" },
        { label: "Credits", className: "text-right" },
        { label: "Platform", className: "text-right" },
        { label: "Net", className: "text-right" },
        "Status",
        "Pay",
      ]}
    >
      {rows.map((row) => {
        const money = (minor: number) => formatMoney(minor, row.currency);
        return (
          <tr key={row.teacherId} className="border-t border-slate-200 align-top">
            <td className="px-3 py-2">
              <span className="font-semibold text-slate-900">{row.teacherName}</span>
              <br />
              <span className="text-xs text-slate-700">{row.teacherEmail}</span>
              <br />
              <a
                href={`/api/earnings/statement?month=${row.month}&teacher=${row.teacherId}`}
                download
                className="text-xs font-semibold text-brand-700 underline underline-offset-4"
              >
                CSV<span className="sr-only"> of {row.teacherName}&apos;s statement</span>
              </a>
            </td>
            <td className="px-3 py-2">{row.sessions}</td>
            <td className="px-3 py-2">{row.seats}</td>
            <td className="px-3 py-2 text-right tabular-nums">{money(row.grossMinor)}</td>
            <td className="px-3 py-2 text-right tabular-nums">{money(row.refundsMinor)}</td>
            <td className="px-3 py-2 text-right tabular-nums">{money(row.creditsMinor)}</td>
            <td className="px-3 py-2 text-right tabular-nums">{money(row.platformShareMinor)}</td>
            <td className="px-3 py-2 text-right font-semibold tabular-nums">
              {money(row.netMinor)}
              {row.carriedMinor > 0 ? (
                <span className="block text-xs font-normal text-slate-700">after {money(row.carriedMinor)} carried over</span>
              ) : null}
            </td>
            <td className="px-3 py-2">
              <StatementStatus statement={row} zone={zone} />
              {row.payment?.reference ? <p className="mt-1 text-xs text-slate-700">Ref. {row.payment.reference}</p> : null}
              {row.payment?.failureMessage ? <p className="mt-1 text-xs text-red-800">{row.payment.failureMessage}</p> : null}
            </td>
            <td className="px-3 py-2">
              {row.status === "unpaid" || row.status === "failed" ? <PayForms row={row} pay={pay} stripe={stripe} /> : null}
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}
