import Link from "next/link";
import { notFound } from "next/navigation";

import { ActionForm } from "@/components/dashboards/action-form";
import { requirePagePermission } from "@/lib/platform/auth/session";
import { AppError } from "@/lib/platform/errors";
import { ACTIONS_FOR } from "@/lib/safety/concern-actions";
import { getConcern, type ConcernView } from "@/lib/safety/concerns";
import { CONCERN_ACTIONS, CONCERN_REASONS, CONCERN_STATUSES } from "@/lib/safety/schema";
import { formatInstantInZone } from "@/lib/scheduling/time";
import { FALLBACK_TIMEZONE, findUserTimezone } from "@/lib/teachers/profiles";

import { actOnConcernAction, triageConcernAction } from "../actions";

export const metadata = { title: "Reported concern" };

/** Issue 40: one reported concern: what was reported and by whom, its clock, status and notes, the actions, and its audit trail. */
export default async function ConcernPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const actor = await requirePagePermission("safety.triage", `/support/safety/${id}`);
  let concern: ConcernView;
  try {
    concern = await getConcern(actor, id);
  } catch (error) {
    if (error instanceof AppError && error.code === "not-found") notFound();
    throw error;
  }
  const zone = (await findUserTimezone(actor.id)) ?? FALLBACK_TIMEZONE;
  const at = (instant: Date) => formatInstantInZone(instant, zone);
  return (
    <>
      <p className="text-sm">
        <Link href="/support/safety" className="font-semibold text-brand-700 underline underline-offset-4">
          All reports
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-extrabold text-slate-900">{concern.subjectLabel}</h1>
      <dl className="mt-4 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-slate-900">
        <dt className="font-semibold">Status</dt>
        <dd>{CONCERN_STATUSES[concern.status]}</dd>
        <dt className="font-semibold">Reason</dt>
        <dd>{CONCERN_REASONS[concern.reason]}</dd>
        <dt className="font-semibold">Reported by</dt>
        <dd>
          {concern.reporterName}, {at(concern.createdAt)}
        </dd>
        <dt className="font-semibold">First response</dt>
        <dd className={concern.isOverdue ? "font-semibold text-red-800" : ""}>
          {concern.firstResponseDue ? `due ${at(concern.firstResponseDue)}${concern.isOverdue ? " (overdue)" : ""}` : "answered"}
        </dd>
        {concern.subjectHref ? (
          <>
            <dt className="font-semibold">Where</dt>
            <dd>
              <Link href={concern.subjectHref} className="text-brand-700 underline underline-offset-4">
                Open what was reported
              </Link>
            </dd>
          </>
        ) : null}
      </dl>
      <h2 className="mt-6 text-xl font-bold text-slate-900">What the reporter wrote</h2>
      <p className="mt-2 whitespace-pre-wrap rounded-xl border border-slate-300 bg-white p-4 text-slate-900">{concern.details}</p>

      {ACTIONS_FOR[concern.subjectType].length > 0 ? (
        <section aria-labelledby="actions" className="mt-6">
          <h2 id="actions" className="text-xl font-bold text-slate-900">
            Actions
          </h2>
          <div className="mt-2 flex flex-wrap gap-2">
            {ACTIONS_FOR[concern.subjectType].map((action) => (
              <ActionForm key={action} action={actOnConcernAction}>
                <input type="hidden" name="concernId" value={concern.id} />
                <input type="hidden" name="action" value={action} />
                <button
                  type="submit"
                  className="rounded-lg border border-red-400 px-3 py-1.5 text-sm font-semibold text-red-800 hover:bg-red-50"
                >
                  {CONCERN_ACTIONS[action]}
                </button>
              </ActionForm>
            ))}
          </div>
        </section>
      ) : null}

      <section aria-labelledby="triage" className="mt-6">
        <h2 id="triage" className="text-xl font-bold text-slate-900">
          Status and note
        </h2>
        <ActionForm action={triageConcernAction} className="mt-2 space-y-2" resetOnSuccess>
          <input type="hidden" name="concernId" value={concern.id} />
          <label htmlFor="concern-status" className="block font-semibold text-slate-900">
            Status
          </label>
          <select id="concern-status" name="status" defaultValue={concern.status} className="rounded-lg border border-slate-400 p-2">
            {Object.entries(CONCERN_STATUSES).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
          <label htmlFor="concern-note" className="block font-semibold text-slate-900">
            Note (support only)
          </label>
          <textarea
            id="concern-note"
            name="note"
            rows={3}
            maxLength={2000}
            className="block w-full rounded-lg border border-slate-400 p-2"
          />
          <button type="submit" className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
            Save
          </button>
        </ActionForm>
      </section>

      <section aria-labelledby="notes" className="mt-6">
        <h2 id="notes" className="text-xl font-bold text-slate-900">
          Notes
        </h2>
        {concern.notes.length === 0 ? (
          <p className="mt-2 text-slate-700">No notes yet.</p>
        ) : (
          <ol className="mt-2 space-y-2">
            {concern.notes.map((n, i) => (
              <li key={i} className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
                <p className="text-slate-700">
                  {n.author}, {at(n.createdAt)}
                </p>
                <p className="mt-1 whitespace-pre-wrap text-slate-900">{n.body}</p>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section aria-labelledby="trail" className="mt-6">
        <h2 id="trail" className="text-xl font-bold text-slate-900">
          Audit trail
        </h2>
        <ol className="mt-2 list-inside list-decimal text-sm text-slate-800">
          {concern.trail.map((t, i) => (
            <li key={i}>
              {t.action} · {t.actor} · {at(t.at)}
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
