import Link from "next/link";

import { inputClass } from "@/components/forms/form-field";
import { COURSE_NOT_SURE } from "@/lib/demo-requests/schema";
import type { LeadFilters } from "@/lib/demo-requests/queue-schema";
import { LEAD_STATUSES, LEAD_STATUS_LABELS } from "@/lib/demo-requests/status";
import { GRADES } from "@/lib/constants";

const labelClass = "block text-sm font-semibold text-slate-800";

/** The support queue's filters: a plain GET form, so filtered views are links an agent can share. */
export function LeadFiltersForm({ filters, courses, action }: { filters: LeadFilters; courses: Array<{ id: number; title: string }>; action: string }) {
  return (
    <form method="get" action={action} role="search" aria-label="Filter demo requests" className="grid gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:grid-cols-3 lg:grid-cols-6">
      <div className="sm:col-span-3 lg:col-span-2">
        <label htmlFor="q" className={labelClass}>
          Search email or name
        </label>
        <input id="q" name="q" type="search" defaultValue={filters.q ?? ""} maxLength={100} className={inputClass} />
      </div>
      <div>
        <label htmlFor="status" className={labelClass}>
          Status
        </label>
        <select id="status" name="status" defaultValue={filters.status ?? ""} className={inputClass}>
          <option value="">Any status</option>
          <option value="overdue">New, over 24 hours</option>
          {LEAD_STATUSES.map((status) => (
            <option key={status} value={status}>
              {LEAD_STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="grade" className={labelClass}>
          Grade
        </label>
        <select id="grade" name="grade" defaultValue={filters.grade ?? ""} className={inputClass}>
          <option value="">Any grade</option>
          {GRADES.map((grade) => (
            <option key={grade} value={grade}>
              Grade {grade}
            </option>
          ))}
        </select>
      </div>
      <div className="sm:col-span-2 lg:col-span-2">
        <label htmlFor="course" className={labelClass}>
          Course
        </label>
        <select id="course" name="course" defaultValue={filters.course ?? ""} className={inputClass}>
          <option value="">Any course</option>
          <option value={COURSE_NOT_SURE}>Not sure yet</option>
          {courses.map((course) => (
            <option key={course.id} value={course.id}>
              {course.title}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="from" className={labelClass}>
          Received from
        </label>
        <input id="from" name="from" type="date" defaultValue={filters.from ?? ""} className={inputClass} />
      </div>
      <div>
        <label htmlFor="to" className={labelClass}>
          Received to
        </label>
        <input id="to" name="to" type="date" defaultValue={filters.to ?? ""} className={inputClass} />
      </div>
      <div className="flex items-end gap-3 sm:col-span-2 lg:col-span-4">
        <button type="submit" className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
          Apply filters
        </button>
        <Link href={action} className="rounded-lg px-4 py-2 font-semibold text-brand-700 underline-offset-2 hover:underline">
          Clear
        </Link>
      </div>
    </form>
  );
}
