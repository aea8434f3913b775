import { ActionForm, type FormAction } from "@/components/dashboards/action-form";
import { inputClass } from "@/components/forms/form-field";

/** Add a dated exception: time off (the whole day when no times are given) or extra hours. */
export function ExceptionForm({ action, today }: { action: FormAction; today: string }) {
  return (
    <ActionForm action={action} resetOnSuccess className="mt-4 rounded-xl border border-slate-200 p-4">
      <fieldset className="flex flex-wrap items-end gap-3">
        <legend className="mb-2 font-semibold text-slate-900">Add a holiday or other exception</legend>
        <label className="text-sm font-semibold text-slate-800">
          Date
          <input type="date" name="date" min={today} required className={inputClass} />
        </label>
        <label className="text-sm font-semibold text-slate-800">
          Kind
          <select name="kind" defaultValue="off" className={inputClass}>
            <option value="off">Holiday or time off</option>
            <option value="extra">Extra hours</option>
          </select>
        </label>
        <label className="text-sm font-semibold text-slate-800">
          Exception from
          <input type="time" name="start" className={inputClass} />
        </label>
        <label className="text-sm font-semibold text-slate-800">
          Exception to
          <input type="time" name="end" className={inputClass} />
        </label>
        <button type="submit" className="rounded-xl bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
          Add exception
        </button>
      </fieldset>
      <p className="mt-2 text-sm text-slate-600">
        Leave the times empty for a whole day off, such as a public holiday: no demo is offered on it.
      </p>
    </ActionForm>
  );
}
