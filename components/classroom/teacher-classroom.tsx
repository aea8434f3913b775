import { listTeacherClasses } from "@/lib/classroom/join";

import { UpcomingClasses } from "./upcoming-classes";
import { zoneLabel } from "@/lib/scheduling/zone-name";

/** The teacher dashboard's next classes, with Join (open from 10 minutes before the start) and attendance. */
export async function TeacherClassroom({ teacherId, timezone }: { teacherId: number; timezone: string }) {
  const classes = await listTeacherClasses(teacherId);
  return (
    <section aria-labelledby="next-classes" className="mb-8">
      <h2 id="next-classes" className="mb-1 text-xl font-bold text-slate-900">
        Your next classes
      </h2>
      <p className="mb-3 text-sm text-slate-700">Join opens 10 minutes before each session. Times in {zoneLabel(timezone)}.</p>
      <UpcomingClasses classes={classes} timezone={timezone} empty="No classes coming up." withAttendance />
    </section>
  );
}
