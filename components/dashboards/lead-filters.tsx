import { FilterField, FilterForm } from "@/components/dashboards/filter-form";
import { inputClass } from "@/components/forms/form-field";
import { COURSE_NOT_SURE } from "@/lib/demo-requests/constants";
import type { LeadFilters } from "@/lib/demo-requests/queue-schema";
import { LEAD_STATUSES, LEAD_STATUS_LABELS } from "@/lib/demo-requests/status";
import { GRADES } from "@/lib/platform/constants";

/** The support queue's filters: a plain GET form, so filtered views are links an agent can share. */
export function LeadFiltersForm({
  filters,
  courses,
  action,
}: {
  filters: LeadFilters;
  courses: Array<{ id: number; title: string }>;
  action: string;
}) {
  return (
    <FilterForm action={action} label="Filter demo requests" submitLabel="Apply filters" className="sm:grid-cols-3 lg:grid-cols-6">
      <FilterField id="q" label="Search email or name" className="sm:col-span-3 lg:col-span-2">
        <input id="q" name="q" type="search" defaultValue={filters.q ?? ""} maxLength={100} className={inputClass} />
      </FilterField>
      <FilterField id="status" label="Status">
        <select id="status" name="status" defaultValue={filters.status ?? ""} className={inputClass}>
          <option value="">Any status</option>
          <option value="overdue">New, over 24 hours</option>
          {LEAD_STATUSES.map((status) => (
            <option key={status} value={status}>
              {LEAD_STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </FilterField>
      <FilterField id="grade" label="Grade">
        <select id="grade" name="grade" defaultValue={filters.grade ?? ""} className={inputClass}>
          <option value="">Any grade</option>
          {GRADES.map((grade) => (
            <option key={grade} value={grade}>
              Grade {grade}
            </option>
          ))}
        </select>
      </FilterField>
      <FilterField id="course" label="Course" className="sm:col-span-2 lg:col-span-2">
        <select id="course" name="course" defaultValue={filters.course ?? ""} className={inputClass}>
          <option value="">Any course</option>
          <option value={COURSE_NOT_SURE}>Not sure yet</option>
          {courses.map((course) => (
            <option key={course.id} value={course.id}>
              {course.title}
            </option>
          ))}
        </select>
      </FilterField>
      <FilterField id="from" label="Received from">
        <input id="from" name="from" type="date" defaultValue={filters.from ?? ""} className={inputClass} />
      </FilterField>
      <FilterField id="to" label="Received to">
        <input id="to" name="to" type="date" defaultValue={filters.to ?? ""} className={inputClass} />
      </FilterField>
    </FilterForm>
  );
}
