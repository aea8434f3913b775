import Link from "next/link";
import type { ReactNode } from "react";

import { CATEGORY_LABELS } from "@/lib/platform/constants";
import type { ProposalRow } from "@/lib/teachers/course-proposals";

const STATUS: Record<ProposalRow["status"], string> = { pending: "With our team", accepted: "Accepted", returned: "Returned" };

/** Issue 38: proposed courses with where each stands; `decide` renders an admin's controls under each. */
export function ProposalList({ proposals, decide }: { proposals: ProposalRow[]; decide?: (proposal: ProposalRow) => ReactNode }) {
  return (
    <ul className="space-y-3">
      {proposals.map((p) => (
        <li key={p.id}>
          <article aria-label={`Proposal: ${p.title}`} className="rounded-xl border border-slate-200 p-4">
            <h3 className="font-bold text-slate-900">
              {p.title} <span className="text-sm font-normal text-slate-700">({STATUS[p.status]})</span>
            </h3>
            <p className="text-sm text-slate-700">
              {CATEGORY_LABELS[p.category]} · grades {p.gradeMin}–{p.gradeMax} · proposed by {p.teacherName}
            </p>
            <p className="mt-2 text-sm whitespace-pre-line text-slate-800">{p.description}</p>
            <p className="mt-1 text-sm whitespace-pre-line text-slate-800">
              <strong>What children learn:</strong> {p.outcomes}
            </p>
            {p.note ? (
              <p className="mt-2 rounded-lg bg-amber-50 p-2 text-sm text-amber-950">
                <strong>Note from our team:</strong> {p.note}
              </p>
            ) : null}
            {p.courseSlug ? (
              <Link href={`/courses/${p.courseSlug}`} className="mt-2 inline-block text-sm text-brand-700 underline underline-offset-2">
                The course page
              </Link>
            ) : null}
            {decide ? decide(p) : null}
          </article>
        </li>
      ))}
    </ul>
  );
}
