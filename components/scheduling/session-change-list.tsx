import type { FormAction } from "@/components/dashboards/action-form";
import type { SectionSessionsView } from "@/lib/scheduling/session-changes";

import { CancelSessionButton } from "./cancel-session-button";
import { SessionTimeForm } from "./session-time-form";

const STATE_LABELS = { moved: "Moved", cancelled: "Cancelled", makeup: "Make-up", scheduled: null } as const;

/**
 * A section's coming sessions, each with Move and Cancel; a cancelled one with its make-up form (or
 * its make-up, or its credit). Times in the viewer's zone, named; a move or a make-up is typed there too.
 */
export function SessionChangeList({
  view,
  actions,
  creditRule,
}: {
  view: SectionSessionsView;
  actions: { move: FormAction; cancel: FormAction; makeup: FormAction };
  creditRule: string;
}) {
  if (view.sessions.length === 0) return <p className="text-slate-700">No sessions in the coming weeks.</p>;
  return (
    <ol className="divide-y divide-slate-200 rounded-xl border border-slate-200">
      {view.sessions.map((session) => {
        const label = STATE_LABELS[session.state];
        return (
          <li key={session.occurrence} className="px-4 py-3">
            <p className="font-semibold text-slate-900">
              {label ? <span className="mr-2 rounded bg-amber-100 px-1.5 py-0.5 text-sm text-amber-900">{label}</span> : null}
              <time dateTime={session.startsAt} className={session.state === "cancelled" ? "line-through" : undefined}>
                {session.when}
              </time>
            </p>
            {session.state === "cancelled" ? (
              session.makeupWhen ? (
                <p className="mt-1 text-sm text-slate-800">Make-up session: {session.makeupWhen}</p>
              ) : session.isCredited ? (
                <p className="mt-1 text-sm text-slate-800">No make-up was set in time: each paid seat was credited its share.</p>
              ) : (
                <>
                  <p className="mt-1 text-sm text-slate-700">
                    Without a make-up by {session.creditDueWhen}, each paid seat is credited its share of the price.
                  </p>
                  <SessionTimeForm
                    action={actions.makeup}
                    occurrence={session.occurrence}
                    defaultValue={session.local}
                    label="Make-up session"
                    submitLabel="Propose make-up"
                    zone={view.timezone}
                  />
                </>
              )
            ) : (
              <div className="mt-2 flex flex-wrap items-start gap-3">
                <details className="group">
                  <summary className="w-fit cursor-pointer rounded-lg border border-slate-400 px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50">
                    Move<span className="sr-only"> the session of {session.when}</span>
                  </summary>
                  <SessionTimeForm
                    action={actions.move}
                    occurrence={session.occurrence}
                    defaultValue={session.local}
                    label="New time"
                    submitLabel="Move session"
                    zone={view.timezone}
                  />
                </details>
                <CancelSessionButton action={actions.cancel} occurrence={session.occurrence} when={session.when} creditRule={creditRule} />
              </div>
            )}
          </li>
        );
      })}
    </ol>
  );
}
