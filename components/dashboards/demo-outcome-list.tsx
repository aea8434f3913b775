import { ActionForm, type FormAction } from "@/components/dashboards/action-form";
import { DEMO_LEVELS, LEVEL_LABELS, NOTE_MAX } from "@/lib/scheduling/demo-outcome-schema";
import type { DemoNeedingOutcome } from "@/lib/scheduling/demo-outcomes";
import { formatInstantInZone } from "@/lib/scheduling/time";

const fieldClass = "mt-1 block w-full rounded-lg border border-slate-400 px-3 py-2 text-slate-900";

/**
 * The teacher's past demos without an outcome (issue 27): attended or no-show, a note for the
 * parent, the level and a recommended section of the course, each demo its own small form.
 */
export function DemoOutcomeList({ demos, timezone, action }: { demos: DemoNeedingOutcome[]; timezone: string; action: FormAction }) {
  if (demos.length === 0) return <p className="text-slate-700">Every demo of the last two weeks has its outcome. Thank you.</p>;
  return (
    <ul className="space-y-4">
      {demos.map((demo) => {
        const id = (name: string) => `${name}-${demo.bookingId}`;
        const who = `${demo.firstName ?? "A child"}${demo.grade ? `, grade ${demo.grade}` : ""}`;
        return (
          <li key={demo.bookingId} className="rounded-2xl border border-slate-200 p-4">
            <h3 id={id("demo")} className="font-semibold text-slate-900">
              {demo.courseTitle}: {who}
            </h3>
            <p className="text-sm text-slate-700">{formatInstantInZone(demo.startsAt, timezone)}</p>
            <ActionForm action={action} className="mt-3 space-y-3">
              <input type="hidden" name="bookingId" value={demo.bookingId} />
              <fieldset className="flex flex-wrap gap-4">
                <legend className="text-sm font-semibold text-slate-800">Did the child come?</legend>
                <label className="flex items-center gap-2">
                  <input type="radio" name="outcome" value="attended" required className="h-4 w-4" /> Attended
                </label>
                <label className="flex items-center gap-2">
                  <input type="radio" name="outcome" value="no_show" className="h-4 w-4" /> No-show
                </label>
              </fieldset>
              <div>
                <label htmlFor={id("note")} className="text-sm font-semibold text-slate-800">
                  Note for the parent (what the child did, where they are)
                </label>
                <textarea id={id("note")} name="note" rows={3} maxLength={NOTE_MAX} className={fieldClass} />
              </div>
              <div className="grid gap-3 sm:grid-cols-2">
                <div>
                  <label htmlFor={id("level")} className="text-sm font-semibold text-slate-800">
                    Level
                  </label>
                  <select id={id("level")} name="level" defaultValue="" className={fieldClass}>
                    <option value="">Not given</option>
                    {DEMO_LEVELS.map((level) => (
                      <option key={level} value={level}>
                        {LEVEL_LABELS[level]}
                      </option>
                    ))}
                  </select>
                </div>
                <div>
                  <label htmlFor={id("section")} className="text-sm font-semibold text-slate-800">
                    Recommended section
                  </label>
                  <select id={id("section")} name="recommendedSectionId" defaultValue="" className={fieldClass}>
                    <option value="">None</option>
                    {demo.sections.map((section) => (
                      <option key={section.id} value={section.id}>
                        {section.label}
                      </option>
                    ))}
                  </select>
                </div>
              </div>
              <button type="submit" className="rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
                Save outcome<span className="sr-only"> of {who}&apos;s demo</span>
              </button>
            </ActionForm>
          </li>
        );
      })}
    </ul>
  );
}
