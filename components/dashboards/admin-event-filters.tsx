import { FilterField, FilterForm } from "@/components/dashboards/filter-form";
import { inputClass } from "@/components/forms/form-field";
import type { LogEventFilters } from "@/lib/event-log/queries";

/** The log events filters: a plain GET form; the event name field suggests the names seen so far. */
export function AdminEventFilters({ filters, eventNames, action }: { filters: LogEventFilters; eventNames: string[]; action: string }) {
  return (
    <FilterForm action={action} label="Filter log events" submitLabel="Filter" className="sm:grid-cols-4">
      <FilterField id="event-name" label="Event name" className="sm:col-span-2">
        <input
          id="event-name"
          name="eventName"
          type="text"
          list="event-names"
          defaultValue={filters.eventName ?? ""}
          maxLength={100}
          className={inputClass}
        />
        <datalist id="event-names">
          {eventNames.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
      </FilterField>
      <FilterField id="event-user" label="User id">
        <input id="event-user" name="userId" type="text" defaultValue={filters.userId ?? ""} maxLength={128} className={inputClass} />
      </FilterField>
    </FilterForm>
  );
}
