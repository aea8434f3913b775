import Link from "next/link";

import { ActionForm, type FormAction } from "@/components/dashboards/action-form";
import type { CartLine, CartProblem } from "@/lib/commerce/cart/cart";
import { zoneLabel } from "@/lib/scheduling/zone-name";

const PROBLEMS: Record<Exclude<CartProblem, null>, string> = {
  full: "Full: no seats left",
  closed: "No longer open for enrolment",
  enrolled: "Already enrolled (or a payment is in progress)",
  "no-sessions": "No sessions left",
  "other-currency": "Priced in another currency",
};

/** The cart's lines: course, child, schedule in the parent's zone, price, seats left, and a mark on any that cannot be paid. */
export function CartLines({ lines, zone, remove }: { lines: CartLine[]; zone: string; remove: FormAction }) {
  return (
    <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200">
      {lines.map((line) => (
        <li key={line.itemId} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-start sm:justify-between">
          <div>
            <p className="font-semibold text-slate-900">
              {line.courseTitle} <span className="font-normal text-slate-700">for {line.learnerName}</span>
            </p>
            <p className="text-sm text-slate-700">With {line.teacherName}</p>
            <p className="text-sm text-slate-700">{line.schedule}</p>
            {line.nextSession ? <p className="text-sm text-slate-700">Next session: {line.nextSession}</p> : null}
            <p className="text-sm text-slate-700">{line.facts}</p>
            <p className={`text-sm ${line.refundableUntil ? "text-slate-700" : "font-semibold text-amber-800"}`}>
              {line.refundableUntil
                ? `Full refund if you withdraw before ${line.refundableUntil}.`
                : "No refund: the first session is too close to withdraw with a refund."}
            </p>
            <p className="text-sm text-slate-700">
              {line.seatsLeft} {line.seatsLeft === 1 ? "seat" : "seats"} left
            </p>
            {line.problem ? <p className="mt-1 text-sm font-semibold text-red-700">{PROBLEMS[line.problem]}</p> : null}
            <p className="sr-only">Times are shown in {zoneLabel(zone)}.</p>
          </div>
          <div className="flex items-center gap-4 sm:flex-col sm:items-end">
            <p className={`font-bold ${line.problem ? "text-slate-600 line-through" : "text-slate-900"}`}>{line.price}</p>
            <ActionForm action={remove}>
              <input type="hidden" name="itemId" value={line.itemId} />
              <button type="submit" className="text-sm font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800">
                Remove
                <span className="sr-only">
                  {" "}
                  {line.courseTitle} for {line.learnerName}
                </span>
              </button>
            </ActionForm>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** Said before Pay: seats whose refund window has already closed (their first session is too close). */
export function NoRefundWarning({
  lines,
}: {
  lines: Array<{ itemId: number; courseTitle: string; learnerName: string; refundableUntil: string | null }>;
}) {
  const final = lines.filter((line) => line.refundableUntil === null);
  if (final.length === 0) return null;
  return (
    <div role="note" aria-labelledby="no-refund-heading" className="mb-4 rounded-xl border border-amber-400 bg-amber-50 p-4 text-slate-900">
      <h3 id="no-refund-heading" className="font-semibold">
        No refund for {final.length === 1 ? "this seat" : "these seats"}
      </h3>
      <p className="mt-1 text-sm">
        {final.map((line) => `${line.courseTitle} for ${line.learnerName}`).join(", ")}: the first session is closer than our{" "}
        <Link href="/terms-of-service#refunds" className="font-semibold text-brand-700 underline underline-offset-4">
          refund policy
        </Link>{" "}
        allows, so {final.length === 1 ? "it" : "they"} cannot be withdrawn with a refund once paid.
      </p>
    </div>
  );
}
