import type { ReactNode } from "react";

import { LEVEL_LABELS } from "@/lib/scheduling/demo-outcome-schema";
import type { DemoOutcomeView } from "@/lib/scheduling/demo-outcomes";

/**
 * What the teacher recorded after the demo, on the family's status page: their note, the level,
 * and the one-click enrol in the section they recommend (a plain link, never prefetched: following
 * it puts the seat in the cart). A missed demo shows `rebook` instead.
 */
export function DemoOutcomePanel({
  outcome,
  enrolPath,
  enrolText,
  rebook,
}: {
  outcome: DemoOutcomeView;
  enrolPath: string | null;
  enrolText: string | null;
  rebook: ReactNode;
}) {
  const teacher = outcome.teacherName ?? "The teacher";
  return (
    <section aria-labelledby="outcome" className="mt-8 rounded-2xl border border-slate-200 p-5">
      <h2 id="outcome" className="text-xl font-bold text-slate-900">
        {outcome.status === "attended" ? "How the demo went" : "We missed you"}
      </h2>
      {outcome.status === "no_show" ? (
        <p className="mt-2 text-slate-700">
          {outcome.child === "your child" ? "Your child" : outcome.child} did not join this demo. It is still free: book another time below.
        </p>
      ) : null}
      {outcome.note ? (
        <figure className="mt-3">
          <figcaption className="text-sm text-slate-600">{teacher}&apos;s note</figcaption>
          <blockquote className="mt-1 border-l-4 border-brand-200 pl-4 whitespace-pre-line text-slate-800">{outcome.note}</blockquote>
        </figure>
      ) : null}
      {outcome.level ? (
        <p className="mt-3 text-slate-800">
          <span className="text-sm text-slate-600">Level: </span>
          <span className="font-semibold">{LEVEL_LABELS[outcome.level]}</span>
        </p>
      ) : null}
      {outcome.status === "attended" && outcome.recommended && enrolPath && enrolText ? (
        <div className="mt-4">
          <p className="text-slate-700">
            {teacher} recommends a weekly class{outcome.recommended.teacherName ? ` with ${outcome.recommended.teacherName}` : ""}.
          </p>
          {/* A plain <a>: Next's Link would prefetch it, and following it adds the seat to the cart. */}
          <a href={enrolPath} className="mt-3 inline-block rounded-lg bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800">
            {enrolText}
          </a>
        </div>
      ) : null}
      {outcome.status === "no_show" ? rebook : null}
    </section>
  );
}
