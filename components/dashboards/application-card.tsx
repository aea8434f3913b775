import Link from "next/link";

import { formatInstantInZone } from "@/lib/scheduling/time";
import type { ApplicationRow } from "@/lib/teachers/applications/queries";
import { APPLICATION_STATUS_LABELS } from "@/lib/teachers/applications/schema";

const TONES: Record<ApplicationRow["status"], string> = {
  pending: "bg-amber-100 text-amber-950",
  approved: "bg-green-100 text-green-950",
  declined: "bg-slate-200 text-slate-900",
};

/** One teacher application with every field, and a link to its review (checks, approve or decline: issue 38). */
export function ApplicationCard({ application, zone }: { application: ApplicationRow; zone: string }) {
  const headingId = `application-${application.id}`;
  return (
    <article aria-labelledby={headingId} className="rounded-xl border border-slate-200 p-5">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-bold text-slate-900">
          {application.name}
        </h2>
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${TONES[application.status]}`}>
          {APPLICATION_STATUS_LABELS[application.status]}
        </span>
      </header>
      <dl className="mt-3 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[10rem_1fr]">
        <dt className="font-semibold text-slate-700">Email</dt>
        <dd className="text-slate-900">
          <a href={`mailto:${application.email}`} className="text-brand-700 underline underline-offset-2">
            {application.email}
          </a>
        </dd>
        <dt className="font-semibold text-slate-700">Received</dt>
        <dd className="text-slate-900">{formatInstantInZone(application.createdAt, zone)}</dd>
        <dt className="font-semibold text-slate-700">Subjects and grades</dt>
        <dd className="whitespace-pre-line text-slate-900">{application.subjects}</dd>
        <dt className="font-semibold text-slate-700">Experience</dt>
        <dd className="whitespace-pre-line text-slate-900">{application.experience}</dd>
        <dt className="font-semibold text-slate-700">Availability</dt>
        <dd className="whitespace-pre-line text-slate-900">{application.availability}</dd>
        {application.decidedAt ? (
          <>
            <dt className="font-semibold text-slate-700">Decided</dt>
            <dd className="text-slate-900">
              {formatInstantInZone(application.decidedAt, zone)}
              {application.decidedByEmail ? ` by ${application.decidedByEmail}` : ""}
            </dd>
          </>
        ) : null}
      </dl>
      <Link
        href={`/admin/applications/${application.id}`}
        aria-label={`${application.status === "pending" ? "Review" : "Open"} ${application.name}`}
        className="mt-4 inline-block rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
      >
        {application.status === "pending" ? "Review checks and decide" : "Open"}
      </Link>
    </article>
  );
}
