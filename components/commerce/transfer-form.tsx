"use client";

import { useActionState, useId } from "react";

import type { FormAction } from "@/components/dashboards/action-form";
import type { TransferTarget } from "@/lib/commerce/transfers/options";

/**
 * Move a seat to another section of its course (issue 27): the sections with a free seat as radio
 * buttons (times in the parent's zone, the price difference said beside each), one button, and
 * the server's answer beside the choice (a section just filled, too little Cash).
 */
export function TransferForm({
  orderItemId,
  learnerName,
  courseTitle,
  targets,
  transfer,
}: {
  orderItemId: number;
  learnerName: string;
  courseTitle: string;
  targets: TransferTarget[];
  transfer: FormAction;
}) {
  const [result, formAction, isPending] = useActionState(transfer, null);
  const errorId = useId();
  const fieldError = result && !result.ok ? (result.fieldErrors?.toSectionId ?? result.message) : null;
  return (
    <details className="mt-2 rounded-lg border border-slate-200 p-3 open:bg-slate-50">
      <summary className="cursor-pointer text-sm font-semibold text-brand-700">
        Move to another time
        <span className="sr-only">
          {" "}
          ({learnerName}, {courseTitle})
        </span>
      </summary>
      <form action={formAction} aria-busy={isPending} className="mt-2">
        <input type="hidden" name="orderItemId" value={orderItemId} />
        <fieldset aria-describedby={fieldError ? errorId : undefined}>
          <legend className="text-sm font-medium text-slate-800">
            Move {learnerName} to another section of {courseTitle}
          </legend>
          <ul className="mt-2 space-y-2">
            {targets.map((target, index) => (
              <li key={target.sectionId}>
                <label className="flex items-start gap-2 text-sm text-slate-800">
                  <input type="radio" name="toSectionId" value={target.sectionId} required defaultChecked={index === 0} className="mt-1" />
                  <span>{target.label}</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <button
          type="submit"
          disabled={isPending}
          className="mt-3 rounded-lg bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2"
        >
          Move {learnerName}&apos;s seat
        </button>
        <p
          id={errorId}
          role="status"
          className={fieldError ? "mt-2 text-sm font-medium text-red-700" : result?.ok ? "mt-2 text-sm text-green-800" : "sr-only"}
        >
          {fieldError ?? result?.message ?? ""}
        </p>
      </form>
    </details>
  );
}
