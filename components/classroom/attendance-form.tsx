import { ActionForm, type FormAction } from "@/components/dashboards/action-form";
import type { RosterLine } from "@/lib/classroom/attendance";

import { formatInstantInZone } from "@/lib/scheduling/time";

import { ATTENDANCE_LABELS } from "./family-attendance";

/** One session's roster: present / absent / late and a short note per learner. */
export function AttendanceForm({ roster, action, timezone }: { roster: RosterLine[]; action: FormAction; timezone: string }) {
  if (roster.length === 0) return <p className="text-slate-700">Nobody has a confirmed seat in this section yet.</p>;
  return (
    <ActionForm action={action} className="space-y-4">
      {roster.map((line) => (
        <fieldset key={line.learnerId} className="rounded-xl border border-slate-200 p-4">
          <legend className="px-1 font-semibold text-slate-900">
            {line.firstName} (grade {line.grade})
          </legend>
          <div className="flex flex-wrap gap-4">
            {(Object.keys(ATTENDANCE_LABELS) as Array<keyof typeof ATTENDANCE_LABELS>).map((status) => (
              <label key={status} className="flex items-center gap-2">
                <input
                  type="radio"
                  name={`status-${line.learnerId}`}
                  value={status}
                  defaultChecked={(line.status ?? line.suggested) === status}
                  required
                />
                {ATTENDANCE_LABELS[status]}
              </label>
            ))}
          </div>
          {line.status === null && line.suggested ? (
            <p className="mt-2 text-sm text-slate-700">
              {line.joined
                ? `Pre-filled from the classroom: joined at ${formatInstantInZone(line.joined.firstJoinedAt, timezone)}, ${line.joined.minutesPresent} min in class.`
                : "Pre-filled from the classroom: did not join."}{" "}
              Check it, then save.
            </p>
          ) : null}
          <label htmlFor={`note-${line.learnerId}`} className="mt-3 block text-sm font-medium text-slate-800">
            Note for {line.firstName} (optional)
          </label>
          <input
            id={`note-${line.learnerId}`}
            name={`note-${line.learnerId}`}
            maxLength={200}
            defaultValue={line.note}
            className="mt-1 w-full rounded-lg border border-slate-400 px-3 py-2"
          />
        </fieldset>
      ))}
      <button type="submit" className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
        Save attendance
      </button>
    </ActionForm>
  );
}
