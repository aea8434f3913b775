import type { AgendaItem, AgendaLearner } from "@/lib/teachers/agenda";
import { formatInstantInZone } from "@/lib/scheduling/time";

function learnerLabel(learner: AgendaLearner): string {
  const grade = learner.grade === null ? "grade not given" : `grade ${learner.grade}`;
  return learner.firstName ? `${learner.firstName}, ${grade}` : `A child in ${grade} (name not on record yet)`;
}

/** The next sessions and demos, each in the teacher's zone (named), with who is booked: first name and grade only. */
export function AgendaList({ items, timezone, empty }: { items: AgendaItem[]; timezone: string; empty: string }) {
  if (items.length === 0) return <p className="text-slate-700">{empty}</p>;
  return (
    <ol className="divide-y divide-slate-200 rounded-xl border border-slate-200">
      {items.map((item) => (
        <li key={`${item.kind}-${item.startsAt}-${item.courseTitle}`} className="px-4 py-3">
          <p className="text-sm text-slate-700">
            <time dateTime={item.startsAt}>{formatInstantInZone(item.startsAt, timezone)}</time>
          </p>
          <p className="font-semibold text-slate-900">
            {item.kind === "demo" ? "Free demo" : "Class"} · {item.courseTitle}
            {item.capacity !== undefined ? (
              <span className="font-normal text-slate-700">
                {" "}
                ({item.learners.length} of {item.capacity} seats booked)
              </span>
            ) : null}
          </p>
          {item.learners.length > 0 ? (
            <ul aria-label="Learners booked" className="mt-1 text-sm text-slate-800">
              {item.learners.map((learner, index) => (
                <li key={index}>{learnerLabel(learner)}</li>
              ))}
            </ul>
          ) : (
            <p className="mt-1 text-sm text-slate-700">No learners booked yet.</p>
          )}
        </li>
      ))}
    </ol>
  );
}
