import Link from "next/link";

import { inputClass } from "@/components/forms/form-field";
import type { LogEventFilters } from "@/lib/events/queries";

const labelClass = "block text-sm font-semibold text-slate-800";

/** The log events filters: a plain GET form; the event name field suggests the names seen so far. */
export function AdminEventFilters({ filters, eventNames, action }: { filters: LogEventFilters; eventNames: string[]; action: string }) {
  return (
    <form method="get" action={action} role="search" aria-label="Filter log events" className="grid gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:grid-cols-4">
      <div className="sm:col-span-2">
        <label htmlFor="event-name" className={labelClass}>
          Event name
        </label>
        <input id="event-name" name="eventName" type="text" list="event-names" defaultValue={filters.eventName ?? ""} maxLength={100} className={inputClass} />
        <datalist id="event-names">
          {eventNames.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
      </div>
      <div>
        <label htmlFor="event-user" className={labelClass}>
          User id
        </label>
        <input id="event-user" name="userId" type="text" defaultValue={filters.userId ?? ""} maxLength={128} className={inputClass} />
      </div>
      <div className="flex items-end gap-3">
        <button type="submit" className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
          Filter
        </button>
        <Link href={action} className="rounded-lg px-2 py-2 font-semibold text-brand-700 underline-offset-2 hover:underline">
          Clear
        </Link>
      </div>
    </form>
  );
}
