"use client";

import { useActionState, useEffect, useId, useRef, useState } from "react";

import type { FormAction } from "@/components/dashboards/action-form";
import { moveReturnPath } from "@/lib/commerce/transfers/move-return-path";
import type { TransferTarget } from "@/lib/commerce/transfers/options";

/** A move opened again after a top-up started in it (issue 41): the section chosen then, and what to say of the top-up. */
export interface ResumedMove {
  toSectionId: number;
  notice: string | null;
  /** Whether the Cash now covers it (the notice is a success then). */
  covered: boolean;
}

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
  topUp,
  resume = null,
}: {
  orderItemId: number;
  learnerName: string;
  courseTitle: string;
  targets: TransferTarget[];
  transfer: FormAction;
  /** A top-up by card (the wallet's): offered in place when the move costs more than the Cash. */
  topUp?: FormAction;
  /** Back from a top-up started in this move: it opens again with the same section chosen. */
  resume?: ResumedMove | null;
}) {
  const [result, formAction, isPending] = useActionState(transfer, null);
  // The section chosen: a top-up asked for returns to it (Stripe's page, then this move again).
  const [chosen, setChosen] = useState<number | null>(resume?.toSectionId ?? targets[0]?.sectionId ?? null);
  const [open, setOpen] = useState(resume !== null);
  const moveButton = useRef<HTMLButtonElement>(null);
  const resumed = resume !== null;
  useEffect(() => {
    // Back from Stripe's page: bring the move into view, its button first to reach.
    if (resumed) moveButton.current?.focus();
  }, [resumed]);
  const errorId = useId();
  const noticeId = useId();
  const fieldError = result && !result.ok ? (result.fieldErrors?.toSectionId ?? result.message) : null;
  // The server names the top-up that would let the move through (lib/commerce/transfers): the card, as checkout offers it.
  const topUpAmount = result && !result.ok ? (result.fieldErrors?.topUpAmount ?? null) : null;
  const topUpLabel = result && !result.ok ? (result.fieldErrors?.topUpLabel ?? topUpAmount) : null;
  return (
    <details
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      className="mt-2 rounded-lg border border-slate-200 p-3 open:bg-slate-50"
    >
      <summary className="cursor-pointer text-sm font-semibold text-brand-700">
        Move to another time
        <span className="sr-only">
          {" "}
          ({learnerName}, {courseTitle})
        </span>
      </summary>
      <form
        action={formAction}
        aria-busy={isPending}
        onChange={(event) => {
          const input = event.target;
          if (input instanceof HTMLInputElement && input.name === "toSectionId" && input.checked) setChosen(Number(input.value));
        }}
        className="mt-2"
      >
        <input type="hidden" name="orderItemId" value={orderItemId} />
        <fieldset aria-describedby={fieldError ? errorId : undefined}>
          <legend className="text-sm font-medium text-slate-800">
            Move {learnerName} to another section of {courseTitle}
          </legend>
          <ul className="mt-2 space-y-2">
            {targets.map((target, index) => (
              <li key={target.sectionId}>
                <label className="flex items-start gap-2 text-sm text-slate-800">
                  <input
                    type="radio"
                    name="toSectionId"
                    value={target.sectionId}
                    required
                    defaultChecked={resume ? target.sectionId === resume.toSectionId : index === 0}
                    className="mt-1"
                  />
                  <span>{target.label}</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        {resume?.notice && !result ? (
          <p
            id={noticeId}
            role="status"
            className={`mt-3 rounded-lg border p-3 text-sm ${resume.covered ? "border-green-300 bg-green-50 text-green-900" : "border-amber-300 bg-amber-50 text-slate-900"}`}
          >
            {resume.notice}
          </p>
        ) : null}
        <button
          ref={moveButton}
          type="submit"
          aria-describedby={resume?.notice && !result ? noticeId : undefined}
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
      {topUp && topUpAmount && chosen ? (
        <TopUpInPlace topUp={topUp} amount={topUpAmount} label={topUpLabel ?? topUpAmount} returnTo={moveReturnPath(orderItemId, chosen)} />
      ) : null}
    </details>
  );
}

/**
 * The card top-up of what the move lacks: Stripe's page, then back to this move (`returnTo`, which
 * the server takes only as a path on this site) with the Cash added and the same section chosen.
 */
function TopUpInPlace({ topUp, amount, label, returnTo }: { topUp: FormAction; amount: string; label: string; returnTo: string }) {
  const [result, action, isPending] = useActionState(topUp, null);
  return (
    <form action={action} aria-busy={isPending} className="mt-2 flex flex-wrap items-center gap-3">
      <input type="hidden" name="amount" value={amount} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <button
        type="submit"
        disabled={isPending}
        className="rounded-lg bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
      >
        {isPending ? "Opening Stripe…" : `Add ${label} by card`}
      </button>
      {result && !result.ok ? (
        <span role="alert" className="text-sm font-medium text-red-700">
          {result.message}
        </span>
      ) : null}
    </form>
  );
}
