import { TeacherNav } from "@/components/dashboards/teacher-nav";
import { ExceptionForm } from "@/components/scheduling/exception-form";
import { ExceptionList } from "@/components/scheduling/exception-list";
import { TeacherProfileForm } from "@/components/scheduling/teacher-profile-form";
import { WeeklyHoursEditor } from "@/components/scheduling/weekly-hours-editor";
import { requirePagePermission } from "@/lib/platform/auth/session";
import { findOwnTeacherProfile, listUpcomingExceptions, listWeeklyHours } from "@/lib/teachers/profiles";
import { teacherTimezone } from "@/lib/scheduling/teacher-zone";
import { canonicalTimeZone, minuteToClock, zoneOptions, todayIn } from "@/lib/scheduling/time";

import { addExceptionAction, removeExceptionAction, saveTeacherProfileAction, saveWeeklyHoursAction } from "./actions";
import { zoneLabel } from "@/lib/scheduling/zone-name";

export const metadata = { title: "Availability" };

const PATH = "/teacher/availability";

/** Issue 17: the teacher's own profile, weekly hours and exceptions, in their own time zone. */
export default async function TeacherAvailabilityPage() {
  const actor = await requirePagePermission("availability.manage", PATH);
  const [profile, timezone, hours] = await Promise.all([
    findOwnTeacherProfile(actor.id),
    teacherTimezone(actor.id),
    listWeeklyHours(actor.id),
  ]);
  const today = todayIn(timezone);
  const exceptions = await listUpcomingExceptions(actor.id, today);
  return (
    <>
      <h1 className="text-3xl font-extrabold text-slate-900">Availability</h1>
      <p className="mt-2 mb-6 text-slate-700">Families book free demos in these hours, shown to them in their own time zone.</p>
      <TeacherNav current={PATH} />

      <section aria-labelledby="profile" className="mt-8">
        <h2 id="profile" className="mb-1 text-xl font-bold text-slate-900">
          Your profile
        </h2>
        <p className="mb-4 text-sm text-slate-700">
          {profile?.approvedAt
            ? "Approved: families see this on your course pages."
            : "Not public yet: an admin approves new teachers before families see them."}
          {profile?.pendingBio != null
            ? " Your new bio is waiting for our team's review; your page shows the approved one until then."
            : ""}
        </p>
        <TeacherProfileForm
          action={saveTeacherProfileAction}
          zones={zoneOptions(timezone)}
          defaultValues={{
            publicName: profile?.publicName ?? "",
            bio: profile?.pendingBio ?? profile?.bio ?? "",
            subjects: (profile?.subjects ?? []).join(", "),
            timezone: canonicalTimeZone(timezone),
          }}
        />
      </section>

      <section aria-labelledby="weekly" className="mt-10">
        <h2 id="weekly" className="mb-2 text-xl font-bold text-slate-900">
          Weekly hours
        </h2>
        <WeeklyHoursEditor
          // A fresh editor after each save (the page is revalidated with what was stored).
          key={hours.map((h) => `${h.weekday}-${h.startMinute}-${h.endMinute}`).join("|")}
          action={saveWeeklyHoursAction}
          zoneName={zoneLabel(timezone)}
          initialRows={hours.map((h) => ({
            weekday: String(h.weekday),
            start: minuteToClock(h.startMinute),
            end: minuteToClock(h.endMinute),
          }))}
        />
      </section>

      <section aria-labelledby="exceptions" className="mt-10">
        <h2 id="exceptions" className="mb-3 text-xl font-bold text-slate-900">
          Exceptions
        </h2>
        <ExceptionList rows={exceptions} removeAction={removeExceptionAction} />
        <ExceptionForm action={addExceptionAction} today={today} />
      </section>
    </>
  );
}
