import Link from "next/link";
import { notFound } from "next/navigation";

import { timezoneOfUser } from "@/lib/accounts/user-directory";
import { AdminNav } from "@/components/dashboards/admin-nav";
import { inputClass } from "@/components/forms/form-field";
import { ActionForm } from "@/components/teaching/action-form";
import { CheckTable } from "@/components/teaching/check-table";
import { requirePagePermission } from "@/lib/platform/auth/session";
import { formatInstantInZone } from "@/lib/scheduling/time";
import { findApplicationForReview } from "@/lib/teachers/applications/queries";
import { APPLICATION_STATUS_LABELS } from "@/lib/teachers/applications/schema";
import { CHECK_LABELS, missingChecks } from "@/lib/teachers/vetting/check-rules";
import { listChecksForReview } from "@/lib/teachers/vetting/checks";

import { decideApplicationAction, recordCheckAction, runBackgroundCheckAction } from "../actions";

export const metadata = { title: "Review a teacher application" };

/**
 * Issue 38: one application and its checks (identity, background check, sample lesson, safety
 * policy), each with status, date and expiry; the admin records the checks, then approves (every
 * check passed: the teacher role and a public page in one action) or declines with a reason.
 */
export default async function ReviewApplicationPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const actor = await requirePagePermission("applications.decide", `/admin/applications/${encodeURIComponent(id)}`);
  const application = /^\d{1,9}$/.test(id) ? await findApplicationForReview(actor, Number(id)) : null;
  if (!application) notFound();
  const [checks, zone] = await Promise.all([listChecksForReview(actor, application.userId), timezoneOfUser(actor.id)]);
  const now = new Date();
  const missing = missingChecks(checks, now);
  const isPending = application.status === "pending";
  const hidden = <input type="hidden" name="applicationId" value={application.id} />;

  return (
    <>
      <AdminNav current="/admin/applications" />
      <p className="text-sm">
        <Link href="/admin/applications" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
          Teacher applications
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-extrabold text-slate-900">{application.name}</h1>
      <p className="mt-1 text-slate-700">
        {APPLICATION_STATUS_LABELS[application.status]} · received {formatInstantInZone(application.createdAt, zone)}
        {application.decidedAt
          ? ` · decided ${formatInstantInZone(application.decidedAt, zone)} by ${application.decidedByEmail ?? "an admin"}`
          : ""}
      </p>

      <dl className="mt-6 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[12rem_1fr]">
        <dt className="font-semibold text-slate-700">Email</dt>
        <dd>{application.email}</dd>
        <dt className="font-semibold text-slate-700">Subjects and grades</dt>
        <dd className="whitespace-pre-line">{application.subjects}</dd>
        <dt className="font-semibold text-slate-700">Experience</dt>
        <dd className="whitespace-pre-line">{application.experience}</dd>
        <dt className="font-semibold text-slate-700">Availability</dt>
        <dd className="whitespace-pre-line">{application.availability}</dd>
        {application.declineReason ? (
          <>
            <dt className="font-semibold text-slate-700">Reason given</dt>
            <dd className="whitespace-pre-line">{application.declineReason}</dd>
          </>
        ) : null}
        {application.status === "approved" && application.teacherSlug ? (
          <>
            <dt className="font-semibold text-slate-700">Public page</dt>
            <dd>
              <Link href={`/teachers/${application.teacherSlug}`} className="text-brand-700 underline underline-offset-2">
                /teachers/{application.teacherSlug}
              </Link>
            </dd>
          </>
        ) : null}
      </dl>

      <section aria-labelledby="checks" className="mt-8">
        <h2 id="checks" className="mb-3 text-xl font-bold text-slate-900">
          Checks
        </h2>
        <CheckTable checks={checks} now={now} zone={zone} />
        {application.status === "approved" ? (
          <p className="mt-3 text-sm text-slate-700">
            Renew a check by recording it again: a pass runs for its full term from today, and the teacher&rsquo;s sections are on sale
            again at once if it had expired.
          </p>
        ) : null}
        {application.status !== "declined" ? (
          <div className="mt-4 grid gap-4 sm:grid-cols-3">
            {(application.status === "approved"
              ? (["identity", "sample_lesson", "safety_policy"] as const)
              : (["identity", "sample_lesson"] as const)
            ).map((kind) => (
              <ActionForm
                key={kind}
                action={recordCheckAction}
                submitLabel={`Record ${CHECK_LABELS[kind].toLowerCase()}`}
                label={CHECK_LABELS[kind]}
              >
                {hidden}
                <input type="hidden" name="kind" value={kind} />
                <fieldset className="flex gap-3 text-sm">
                  <legend className="mb-1 font-semibold text-slate-800">{CHECK_LABELS[kind]}</legend>
                  <label className="flex items-center gap-1">
                    <input type="radio" name="status" value="passed" defaultChecked /> Passed
                  </label>
                  <label className="flex items-center gap-1">
                    <input type="radio" name="status" value="failed" /> Failed
                  </label>
                </fieldset>
                <label className="block text-sm">
                  <span className="font-semibold text-slate-800">Note</span>
                  <input type="text" name="note" maxLength={1000} className={inputClass} aria-label={`${CHECK_LABELS[kind]} note`} />
                </label>
              </ActionForm>
            ))}
            <ActionForm action={runBackgroundCheckAction} submitLabel="Run background check" label="Background check">
              {hidden}
              <p className="text-sm text-slate-700">Sent to the background-check provider; its answer is recorded here.</p>
            </ActionForm>
          </div>
        ) : null}
      </section>

      {isPending ? (
        <section aria-labelledby="decision" className="mt-10 grid gap-6 sm:grid-cols-2">
          <h2 id="decision" className="sr-only">
            Decision
          </h2>
          <div className="rounded-xl border border-slate-200 p-4">
            <p className="mb-3 text-sm text-slate-700">
              {missing.length === 0
                ? "Every check has passed: approving gives the teacher role and a public page at once, and tells them by email."
                : `Approval needs every check passed. Still to pass: ${missing.map((k) => CHECK_LABELS[k]).join(", ")}.`}
            </p>
            {/* Keyed by what is missing, so a refusal's message goes once the checks it named have passed. */}
            <ActionForm
              key={missing.join(",")}
              action={decideApplicationAction}
              submitLabel="Approve"
              label={`Approve ${application.name}`}
            >
              {hidden}
              <input type="hidden" name="decision" value="approve" />
            </ActionForm>
          </div>
          <div className="rounded-xl border border-slate-200 p-4">
            <ActionForm action={decideApplicationAction} submitLabel="Decline" label={`Decline ${application.name}`} tone="secondary">
              {hidden}
              <input type="hidden" name="decision" value="decline" />
              <label className="block text-sm">
                <span className="font-semibold text-slate-800">Reason (sent to the applicant)</span>
                <textarea name="reason" rows={3} maxLength={1000} className={inputClass} />
              </label>
            </ActionForm>
          </div>
        </section>
      ) : null}
    </>
  );
}
