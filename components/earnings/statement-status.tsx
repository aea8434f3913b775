import type { Statement } from "@/lib/commerce/earnings/statements";
import { todayIn } from "@/lib/scheduling/time";

const LABELS: Record<Statement["status"], { text: string; className: string }> = {
  open: { text: "Month in progress", className: "bg-slate-100 text-slate-800" },
  unpaid: { text: "Due", className: "bg-amber-100 text-amber-900" },
  nothing: { text: "Nothing to pay", className: "bg-slate-100 text-slate-800" },
  paying: { text: "Being paid", className: "bg-sky-100 text-sky-900" },
  paid: { text: "Paid", className: "bg-emerald-100 text-emerald-900" },
  failed: { text: "Transfer failed", className: "bg-red-100 text-red-900" },
};

/** A statement's state in words (never by colour alone), with the payment's day once paid (on the reader's clock, `zone`). */
export function StatementStatus({ statement, zone }: { statement: Statement; zone: string }) {
  const label = LABELS[statement.status];
  const paidAt = statement.status === "paid" ? statement.payment?.paidAt : null;
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${label.className}`}>
      {label.text}
      {paidAt ? ` ${todayIn(zone, paidAt)}` : ""}
    </span>
  );
}
