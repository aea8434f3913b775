import Link from "next/link";

import { ActionForm, type FormAction } from "@/components/dashboards/action-form";
import { CheckoutForm, type CheckoutFormAction } from "@/components/commerce/checkout-form";
import type { WaitlistEntryView } from "@/lib/scheduling/waitlist";

/**
 * The family's places in line: each with its position and Leave; an offer with its deadline (in the
 * parent's zone) and Enrol now, which checks the seat out for that child.
 */
export function WaitlistEntries({ entries, leave, enrol }: { entries: WaitlistEntryView[]; leave: FormAction; enrol: CheckoutFormAction }) {
  if (entries.length === 0) return <p className="text-slate-700">No child is on a waitlist.</p>;
  return (
    <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200">
      {entries.map((entry) => (
        <li
          key={entry.entryId}
          className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
          data-testid="waitlist-entry"
        >
          <div>
            <p className="font-semibold text-slate-900">
              <Link href={`/courses/${entry.courseSlug}`} className="underline-offset-4 hover:underline">
                {entry.courseTitle}
              </Link>{" "}
              <span className="font-normal text-slate-700">for {entry.learnerName}</span>
            </p>
            {entry.status === "offered" ? (
              <p className="text-sm font-semibold text-green-800">
                A seat is free for {entry.learnerName}: enrol by {entry.offerUntil}.
              </p>
            ) : (
              <p className="text-sm text-slate-700">Number {entry.position} in line.</p>
            )}
          </div>
          <div className="flex gap-2">
            {entry.status === "offered" ? (
              <CheckoutForm action={enrol}>
                <input type="hidden" name="entryId" value={entry.entryId} />
                <button type="submit" className="rounded-xl bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
                  Enrol now
                </button>
              </CheckoutForm>
            ) : null}
            <ActionForm action={leave}>
              <input type="hidden" name="entryId" value={entry.entryId} />
              <button
                type="submit"
                className="rounded-xl border border-slate-400 px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
                aria-label={`Leave the waitlist for ${entry.courseTitle} (${entry.learnerName})`}
              >
                Leave
              </button>
            </ActionForm>
          </div>
        </li>
      ))}
    </ul>
  );
}
