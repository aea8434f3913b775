import { inputClass } from "@/components/forms/form-field";
import { LEAD_STATUSES, LEAD_STATUS_LABELS } from "@/lib/demo-requests/status";

import { ActionForm, type FormAction } from "./action-form";

const buttonClass = "rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-60";

/** Moves a request along the workflow (new → contacted → demo scheduled → converted, or closed/spam). */
export function LeadStatusForm({ id, status, action }: { id: string; status: string; action: FormAction }) {
  return (
    <ActionForm action={action} className="rounded-xl border border-slate-200 p-4">
      <input type="hidden" name="id" value={id} />
      <label htmlFor="lead-status" className="block text-sm font-semibold text-slate-800">
        Status
      </label>
      <div className="mt-1 flex gap-3">
        <select id="lead-status" name="status" defaultValue={status} className={`${inputClass} mt-0`}>
          {LEAD_STATUSES.map((value) => (
            <option key={value} value={value}>
              {LEAD_STATUS_LABELS[value]}
            </option>
          ))}
        </select>
        <button type="submit" className={buttonClass}>
          Save status
        </button>
      </div>
    </ActionForm>
  );
}

/** The request's working note: what was said, when to call back. */
export function LeadNoteForm({ id, note, action }: { id: string; note: string | null; action: FormAction }) {
  return (
    <ActionForm action={action} className="rounded-xl border border-slate-200 p-4">
      <input type="hidden" name="id" value={id} />
      <label htmlFor="lead-note" className="block text-sm font-semibold text-slate-800">
        Note
      </label>
      <textarea id="lead-note" name="note" rows={4} maxLength={2000} defaultValue={note ?? ""} className={inputClass} />
      <button type="submit" className={`${buttonClass} mt-3`}>
        Save note
      </button>
    </ActionForm>
  );
}
