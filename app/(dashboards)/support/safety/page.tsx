import Link from "next/link";

import { ActionForm } from "@/components/dashboards/action-form";
import { HeldLinks } from "@/components/safety/held-links";
import { listFlaggedNotes } from "@/lib/classroom/flagged-notes";
import { requirePagePermission } from "@/lib/platform/auth/session";
import { listConcerns } from "@/lib/safety/concerns";
import { CONCERN_REASONS, CONCERN_STATUSES } from "@/lib/safety/schema";
import { screeningReasonsText } from "@/lib/platform/security/screening";
import { formatInstantInZone } from "@/lib/scheduling/time";
import { listPendingBios } from "@/lib/teachers/bio-review";
import { FALLBACK_TIMEZONE, findUserTimezone } from "@/lib/teachers/profiles";

import { decideBioAction, decideHeldLinkAction, resolveAttendanceFlagAction, resolveSessionNoteFlagAction } from "./actions";

export const metadata = { title: "Safety" };

const PATH = "/support/safety";

/**
 * Issue 40: support's safety page. The concerns families and teachers reported (open first, oldest
 * first, each with its 24-hour first-response clock, as on the lead queue), session notes, attendance
 * notes and class chat messages the screen flagged, and bios waiting for review.
 */
export default async function SafetyPage() {
  const actor = await requirePagePermission("safety.triage", PATH);
  const now = new Date();
  const [concerns, notes, bios, zone] = await Promise.all([
    listConcerns(actor, { now }),
    listFlaggedNotes(actor),
    listPendingBios(actor),
    findUserTimezone(actor.id),
  ]);
  const at = (instant: Date) => formatInstantInZone(instant, zone ?? FALLBACK_TIMEZONE);
  const overdue = concerns.filter((c) => c.isOverdue).length;
  return (
    <>
      <h1 className="text-3xl font-extrabold text-slate-900">Safety</h1>
      <p className={`mt-4 rounded-xl p-4 font-semibold ${overdue > 0 ? "bg-amber-100 text-amber-950" : "bg-green-50 text-green-900"}`}>
        {overdue === 0
          ? "Every open report has had its first response within 24 hours."
          : `${overdue} report${overdue === 1 ? "" : "s"} waiting more than 24 hours for a first response.`}
      </p>

      <section aria-labelledby="concerns" className="mt-8">
        <h2 id="concerns" className="mb-3 text-xl font-bold text-slate-900">
          Reported concerns
        </h2>
        {concerns.length === 0 ? (
          <p className="text-slate-700">No reports.</p>
        ) : (
          // Scrolls inside its own box on a phone, not the page (e2e/phone.spec.ts).
          <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Reported concerns, scrollable">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-slate-300 text-slate-700">
                <tr>
                  <th className="py-2 pr-3">About</th>
                  <th className="py-2 pr-3">Reason</th>
                  <th className="py-2 pr-3">Reported by</th>
                  <th className="py-2 pr-3">Reported</th>
                  <th className="py-2 pr-3">First response due</th>
                  <th className="py-2">Status</th>
                </tr>
              </thead>
              <tbody>
                {concerns.map((c) => (
                  <tr key={c.id} className="border-b border-slate-200">
                    <td className="py-2 pr-3">
                      <Link href={`${PATH}/${c.id}`} className="font-semibold text-brand-700 underline underline-offset-4">
                        {c.subjectLabel}
                      </Link>
                    </td>
                    <td className="py-2 pr-3">{CONCERN_REASONS[c.reason]}</td>
                    <td className="py-2 pr-3">{c.reporterName}</td>
                    <td className="py-2 pr-3">{at(c.createdAt)}</td>
                    <td className={`py-2 pr-3 ${c.isOverdue ? "font-semibold text-red-800" : ""}`}>
                      {c.firstResponseDue ? `${at(c.firstResponseDue)}${c.isOverdue ? " (overdue)" : ""}` : "Answered"}
                    </td>
                    <td className="py-2">{CONCERN_STATUSES[c.status]}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby="flagged-notes" className="mt-10">
        <h2 id="flagged-notes" className="mb-3 text-xl font-bold text-slate-900">
          Flagged notes and class chat
        </h2>
        {notes.length === 0 ? (
          <p className="text-slate-700">No flagged notes.</p>
        ) : (
          <ul className="space-y-3">
            {notes.map((n) => (
              <li key={`${n.kind}-${n.id}`} className="rounded-xl border border-amber-300 bg-white p-4 text-sm">
                <p className="font-semibold text-slate-900">
                  {n.kind === "attendance" ? "Attendance note" : n.kind === "classroom-chat" ? "Class chat" : "Session note"} ·{" "}
                  {n.courseTitle} · {n.teacherName} · {at(n.sessionStartsAt)}
                </p>
                <p className="mt-1 text-slate-800">Flagged for: {screeningReasonsText(n.reasons)}</p>
                {n.kind === "session-note" ? <p className="mt-1 text-slate-900">Families read: {n.covered}</p> : null}
                {n.chat ? (
                  <>
                    <p className="mt-1 text-slate-900">
                      {n.chat.author} wrote, and the class read: {n.covered}
                    </p>
                    {n.originalCovered ? <p className="mt-1 text-slate-700">Typed: {n.originalCovered}</p> : null}
                    <p className="mt-1">
                      <Link href={n.chat.transcriptPath} className="font-semibold text-brand-700 underline underline-offset-4">
                        The session&apos;s chat<span className="sr-only"> ({n.courseTitle})</span>
                      </Link>
                    </p>
                  </>
                ) : null}
                {n.originalCovered && !n.chat ? <p className="mt-1 text-slate-700">Typed: {n.originalCovered}</p> : null}
                {n.lines.map((l, i) => (
                  // Two children of different families may share a first name.
                  <div key={i} className="mt-2 border-l-4 border-amber-200 pl-3">
                    <p className="text-slate-900">
                      About {l.learnerFirstName}, the family reads: {l.line}
                    </p>
                    {l.originalLine ? (
                      <p className="mt-1 text-slate-700">
                        {n.kind === "attendance" ? "Flagged as typed" : "Typed"}: {l.originalLine}
                      </p>
                    ) : null}
                  </div>
                ))}
                {n.editedOut.map((text, i) => (
                  <p key={`edited-${i}`} className="mt-1 text-slate-700">
                    Flagged as typed, since edited out: {text}
                  </p>
                ))}
                {n.resolvedTexts.map((text, i) => (
                  // Issue 40: resolved before the flag was raised again; shown as history, not open.
                  <p key={`resolved-${i}`} className="mt-1 text-slate-500">
                    Resolved earlier, still on the note: {text}
                  </p>
                ))}
                {n.kind === "session-note" && n.canResolve ? (
                  // Issue 40: a text flag sticks through the teacher's edits; support resolves it here
                  // (a held link alone is decided below, not resolved).
                  <ActionForm action={resolveSessionNoteFlagAction} className="mt-2">
                    <input type="hidden" name="noteId" value={n.id} />
                    <button type="submit" className="rounded-lg border border-slate-400 px-3 py-1 font-semibold">
                      Resolve
                      <span className="sr-only"> (session note, {n.courseTitle})</span>
                    </button>
                  </ActionForm>
                ) : null}
                {n.kind === "attendance" ? (
                  // Issue 40: the teacher's edits do not clear a raised flag; support does, here.
                  <ActionForm action={resolveAttendanceFlagAction} className="mt-2">
                    <input type="hidden" name="attendanceId" value={n.id} />
                    <button type="submit" className="rounded-lg border border-slate-400 px-3 py-1 font-semibold">
                      Resolve
                      <span className="sr-only"> (attendance note on {n.lines[0]?.learnerFirstName ?? "a child"})</span>
                    </button>
                  </ActionForm>
                ) : null}
                {n.kind === "session-note" ? (
                  <HeldLinks
                    noteId={n.id}
                    courseTitle={n.courseTitle}
                    held={n.heldHomeworkUrl}
                    replaced={n.replacedHeldHomeworkUrls}
                    action={decideHeldLinkAction}
                  />
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="bios" className="mt-10">
        <h2 id="bios" className="mb-3 text-xl font-bold text-slate-900">
          Bios waiting for review
        </h2>
        {bios.length === 0 ? (
          <p className="text-slate-700">No bios waiting.</p>
        ) : (
          <ul className="space-y-3">
            {bios.map((b) => (
              <li key={b.teacherId} className="rounded-xl border border-slate-300 bg-white p-4 text-sm">
                <p className="font-semibold text-slate-900">
                  {b.publicName} · since {at(b.pendingSince)}
                </p>
                <p className="mt-1 text-slate-700">Public now: {b.approvedBio || "(none)"}</p>
                <p className="mt-1 text-slate-900">New: {b.pendingBio}</p>
                <div className="mt-2 flex gap-2">
                  {(["approve", "reject"] as const).map((decision) => (
                    <ActionForm key={decision} action={decideBioAction}>
                      <input type="hidden" name="teacherId" value={b.teacherId} />
                      <input type="hidden" name="decision" value={decision} />
                      <button type="submit" className="rounded-lg border border-slate-400 px-3 py-1 font-semibold">
                        {decision === "approve" ? "Make it public" : "Turn it down"}
                        <span className="sr-only"> ({b.publicName})</span>
                      </button>
                    </ActionForm>
                  ))}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
