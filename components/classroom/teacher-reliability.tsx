import { DataTable } from "@/components/dashboards/data-table";
import { LATE_AFTER_MINUTES, RELIABILITY_DAYS, type ReliabilityLapse, type TeacherReliabilityRow } from "@/lib/classroom/reliability";
import { formatInstantInZone } from "@/lib/scheduling/time";

/**
 * Issue 43: each teacher's sessions in the product's classroom over the last 90 days, from the join
 * log: late (joined more than 3 minutes after the start) and absent (never joined), and the latest lapses.
 */
export function TeacherReliability({
  teachers,
  lapses,
  zone,
}: {
  teachers: TeacherReliabilityRow[];
  lapses: ReliabilityLapse[];
  zone: string;
}) {
  return (
    <section aria-labelledby="teacher-reliability" className="mt-10">
      <h2 id="teacher-reliability" className="mb-1 text-xl font-bold text-slate-900">
        Teacher reliability
      </h2>
      <p className="mb-3 text-sm text-slate-700">
        Sessions held in our classroom, last {RELIABILITY_DAYS} days, from who joined: late is more than {LATE_AFTER_MINUTES} minutes after
        the start; absent is never joining a room the families came into, and that session is cancelled for the families (a make-up or their
        credit).
      </p>
      {teachers.length === 0 ? (
        <p className="text-slate-700">No classroom sessions recorded yet.</p>
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          <DataTable caption="Reliability per teacher" columns={["Teacher", "Sessions", "Late", "Absent"]}>
            {teachers.map((row) => (
              <tr key={row.teacherId} className="border-t border-slate-200">
                <td className="px-3 py-2">{row.teacherName}</td>
                <td className="px-3 py-2">{row.sessions}</td>
                <td className="px-3 py-2">{row.late}</td>
                <td className="px-3 py-2 font-semibold">{row.absent}</td>
              </tr>
            ))}
          </DataTable>
          {lapses.length === 0 ? (
            <p className="text-slate-700">No late or missed sessions.</p>
          ) : (
            <DataTable caption="Latest late or missed sessions" columns={["Teacher", "Course", "Session", "What happened"]}>
              {lapses.map((lapse) => (
                <tr key={`${lapse.sectionId}-${lapse.sessionStartsAt.toISOString()}`} className="border-t border-slate-200">
                  <td className="px-3 py-2">{lapse.teacherName}</td>
                  <td className="px-3 py-2">{lapse.courseTitle}</td>
                  <td className="px-3 py-2">{formatInstantInZone(lapse.sessionStartsAt, zone)}</td>
                  <td className="px-3 py-2">{whatHappened(lapse)}</td>
                </tr>
              ))}
            </DataTable>
          )}
        </div>
      )}
    </section>
  );
}

const CANCELLATION: Record<NonNullable<ReliabilityLapse["cancellation"]>, string> = {
  pending: "session cancelled, make-up or credit to come",
  makeup: "session cancelled, make-up set",
  credited: "session cancelled, families credited",
};

function whatHappened(lapse: ReliabilityLapse): string {
  if (lapse.kind === "late") return `Joined ${lapse.minutesLate} minutes late`;
  return lapse.cancellation ? `Never joined: ${CANCELLATION[lapse.cancellation]}` : "Never joined";
}
