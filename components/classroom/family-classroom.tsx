import type { FormAction } from "@/components/dashboards/action-form";
import { listFamilyAttendance } from "@/lib/classroom/attendance";
import { listFamilyClasses } from "@/lib/classroom/join";
import { listReviewableCourses } from "@/lib/classroom/reviews";

import { FamilyAttendance } from "./family-attendance";
import { ReviewForms } from "./review-forms";
import { UpcomingClasses } from "./upcoming-classes";
import { zoneLabel } from "@/lib/scheduling/zone-name";

/** /my-courses' live-class part: next sessions with Join, attendance, and the reviews a family may write. */
export async function FamilyClassroom({
  parentId,
  timezone,
  reviewAction,
}: {
  parentId: number;
  timezone: string;
  reviewAction: FormAction;
}) {
  const [classes, attendance, reviewable] = await Promise.all([
    listFamilyClasses(parentId),
    listFamilyAttendance(parentId),
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
          Attendance
        </h2>
        <FamilyAttendance lines={attendance} timezone={timezone} />
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
