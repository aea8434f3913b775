import type { FormAction } from "@/components/dashboards/action-form";
import { listFamilyClasses } from "@/lib/classroom/join";
import { listReviewableCourses } from "@/lib/classroom/reviews";
import { listFamilySessions } from "@/lib/classroom/session-notes";
import { getDb } from "@/lib/platform/db/client";

import { FamilyAttendance } from "./family-attendance";
import { ReviewForms } from "./review-forms";
import { UpcomingClasses } from "./upcoming-classes";
import { zoneLabel } from "@/lib/scheduling/zone-name";

/** How far back /my-courses lists past sessions, and how many at most. */
const PAST_SESSIONS_DAYS = 84;
const PAST_SESSIONS_LIMIT = 30;

/** /my-courses' live-class part: next sessions with Join, past sessions with attendance and notes, and the reviews a family may write. */
export async function FamilyClassroom({
  parentId,
  timezone,
  reviewAction,
}: {
  parentId: number;
  timezone: string;
  reviewAction: FormAction;
}) {
  const now = new Date();
  const [classes, past, reviewable] = await Promise.all([
    listFamilyClasses(parentId),
    getDb().then((db) =>
      listFamilySessions(db, parentId, {
        from: new Date(now.getTime() - PAST_SESSIONS_DAYS * 86_400_000),
        to: now,
        now,
        limit: PAST_SESSIONS_LIMIT,
      }),
    ),
    listReviewableCourses(parentId),
  ]);
  return (
    <>
      <section aria-labelledby="my-classes" className="mt-10">
        <h2 id="my-classes" className="mb-1 text-xl font-bold text-slate-900">
          Your live classes
        </h2>
        <p className="mb-3 text-sm text-slate-700">Join opens 10 minutes before each session starts. Times in {zoneLabel(timezone)}.</p>
        <UpcomingClasses classes={classes} timezone={timezone} empty="No confirmed classes yet." />
      </section>
      <section aria-labelledby="my-attendance" className="mt-10">
        <h2 id="my-attendance" className="mb-3 text-xl font-bold text-slate-900">
          Attendance and session notes
        </h2>
        <p className="mb-3 text-sm text-slate-700">
          Each past session of your children: what the teacher marked, and their note on what was covered. Times in {zoneLabel(timezone)}.
        </p>
        <FamilyAttendance records={past} timezone={timezone} />
      </section>
      <section aria-labelledby="my-reviews" className="mt-10">
        <h2 id="my-reviews" className="mb-3 text-xl font-bold text-slate-900">
          Review a course
        </h2>
        <ReviewForms courses={reviewable} action={reviewAction} />
      </section>
    </>
  );
}
