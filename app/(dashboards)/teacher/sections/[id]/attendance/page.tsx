import Link from "next/link";
import { notFound } from "next/navigation";

import { AttendanceForm } from "@/components/classroom/attendance-form";
import { SessionNoteForm } from "@/components/classroom/session-note-form";
import { TeacherNav } from "@/components/dashboards/teacher-nav";
import { getAttendanceSheet, type AttendanceSheet } from "@/lib/classroom/attendance";
import { getSessionNote, notedSessions } from "@/lib/classroom/session-notes";
import { getDb } from "@/lib/platform/db/client";
import { requirePagePermission } from "@/lib/platform/auth/session";
import { AppError } from "@/lib/platform/errors";
import { formatInstantInZone } from "@/lib/scheduling/time";
import { teacherTimezone } from "@/lib/scheduling/teacher-zone";

import { markAttendanceAction } from "../../attendance-actions";
import { saveSessionNoteAction } from "../../session-note-actions";

export const metadata = { title: "Attendance and session note" };

/**
 * A teacher's attendance sheet for one started session of their own section (?session=ISO instant),
 * and beside it the session's note for the families (issue 28).
 */
export default async function AttendancePage({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ session?: string }>;
}) {
  const { id } = await params;
  const { session: asked } = await searchParams;
  const path = `/teacher/sections/${encodeURIComponent(id)}/attendance`;
  const actor = await requirePagePermission("attendance.mark", path);
  if (!/^\d{1,9}$/.test(id)) notFound();
  let sheet: AttendanceSheet;
  try {
    sheet = await getAttendanceSheet(actor, Number(id), typeof asked === "string" ? asked : undefined);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return (
      <>
        <h1 className="mb-6 text-3xl font-extrabold text-slate-900">Attendance</h1>
        <p role="alert" className="text-red-700">
          {error.message}
        </p>
      </>
    );
  }
  const timezone = await teacherTimezone(actor.id);
  const session = sheet.session;
  const db = await getDb();
  const [note, noted] = await Promise.all([
    session ? getSessionNote(db, actor, sheet.sectionId, session.startsAt) : null,
    notedSessions(db, sheet.sectionId),
  ]);
  return (
    <>
      <h1 className="mb-2 text-3xl font-extrabold text-slate-900">Attendance: {sheet.courseTitle}</h1>
      <TeacherNav current="/teacher/sections" isAdmin={false} />
      {session ? (
        <>
          <h2 className="mt-6 mb-3 text-xl font-bold text-slate-900">
            Session of <time dateTime={session.startsAt}>{formatInstantInZone(session.startsAt, timezone)}</time>
          </h2>
          <p className="mb-3">
            <Link
              href={`/classroom/${sheet.sectionId}/chat?session=${encodeURIComponent(session.startsAt)}`}
              className="font-semibold text-brand-700 underline underline-offset-4"
            >
              This session&apos;s class chat
            </Link>
          </p>
          <AttendanceForm
            roster={sheet.roster}
            timezone={timezone}
            action={markAttendanceAction.bind(null, sheet.sectionId, session.startsAt)}
          />
          <section aria-labelledby="session-note" className="mt-8">
            <h2 id="session-note" className="mb-1 text-xl font-bold text-slate-900">
              Session note
            </h2>
            <p className="mb-3 text-sm text-slate-700">
              For the families of this class, on their courses page and in their weekly email. Each family reads its own child&apos;s line
              only; nothing of it is public.
            </p>
            <SessionNoteForm
              key={session.startsAt}
              learners={sheet.roster.map(({ learnerId, firstName }) => ({ learnerId, firstName }))}
              note={note}
              action={saveSessionNoteAction.bind(null, sheet.sectionId, session.startsAt)}
            />
          </section>
          {sheet.sessions.length > 1 ? (
            <nav aria-labelledby="other-sessions" className="mt-8">
              <h2 id="other-sessions" className="mb-2 text-lg font-bold text-slate-900">
                Earlier sessions
              </h2>
              <ul className="space-y-1">
                {sheet.sessions
                  .filter((s) => s.startsAt !== session.startsAt)
                  .map((s) => (
                    <li key={s.startsAt}>
                      <Link
                        href={`${path}?session=${encodeURIComponent(s.startsAt)}`}
                        className="text-brand-700 underline underline-offset-4"
                      >
                        {formatInstantInZone(s.startsAt, timezone)}
                      </Link>
                      {noted.has(s.startsAt) ? <span className="ml-2 text-sm text-slate-700">(note written)</span> : null}
                    </li>
                  ))}
              </ul>
            </nav>
          ) : null}
        </>
      ) : (
        <p className="mt-6 text-slate-700">No session has started yet: attendance can be taken once the first one begins.</p>
      )}
    </>
  );
}
