import type { Metadata } from "next";

import { ReportForm } from "@/components/safety/report-form";
import { requireUser } from "@/lib/platform/auth/session";
import { describeReportSubject, listMyConcerns } from "@/lib/safety/concerns";
import { CONCERN_STATUSES } from "@/lib/safety/schema";
import { formatInstantInZone } from "@/lib/scheduling/time";
import { FALLBACK_TIMEZONE, findUserTimezone } from "@/lib/teachers/profiles";

import { reportConcernAction } from "./actions";

export const metadata: Metadata = { title: "Report a concern", robots: { index: false } };

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? "";

/**
 * Issue 40: report a concern about a class, a teacher, a message or a review (a teacher: about a
 * family), and see where one's reports stand. Reached from the "Report a concern" links.
 */
export default async function ReportPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const query = await searchParams;
  const type = first(query.type);
  const id = first(query.id);
  const user = await requireUser(`/report?type=${encodeURIComponent(type)}&id=${encodeURIComponent(id)}`);
  const actor = { id: user.databaseId, email: user.email, role: user.role };
  const [label, mine, zone] = await Promise.all([
    type && id ? describeReportSubject(actor, type, id) : null,
    listMyConcerns(actor),
    findUserTimezone(user.databaseId),
  ]);
  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="text-3xl font-extrabold text-slate-900">Report a concern</h1>
      {label ? (
        <>
          <p className="mt-3 text-slate-800">
            About: <strong>{label}</strong>
          </p>
          <p className="mt-2 text-sm text-slate-700">
            Our support team reads every report and answers within 24 hours. If a child is in danger now, call your local emergency number
            first.
          </p>
          <ReportForm action={reportConcernAction} subjectType={type} subjectId={id} />
        </>
      ) : (
        <p className="mt-3 text-slate-800">
          Use the &ldquo;Report a concern&rdquo; link on a class, a teacher&apos;s page or a message to tell us what worries you.
          {type || id ? " We could not find that to report: it may have been removed, or it is not one you can see." : ""}
        </p>
      )}
      <section aria-labelledby="my-reports" className="mt-10">
        <h2 id="my-reports" className="text-xl font-bold text-slate-900">
          Your reports
        </h2>
        {mine.length === 0 ? (
          <p className="mt-2 text-slate-700">You have not reported anything.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200">
            {mine.map((c) => (
              <li key={c.id} className="flex flex-wrap items-baseline justify-between gap-2 p-3">
                <span className="text-slate-900">{c.subjectLabel}</span>
                <span className="text-sm text-slate-700">
                  {formatInstantInZone(c.createdAt.toISOString(), zone ?? FALLBACK_TIMEZONE)} ·{" "}
                  <strong>{CONCERN_STATUSES[c.status]}</strong>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
