import { CATEGORY_LABELS, COURSE_CATEGORIES, GRADES } from "@/lib/platform/constants";
import {
  CLASS_TYPE_LABELS,
  CLASS_TYPES,
  clockText,
  DAY_PART_NAMES,
  DAY_PARTS,
  WEEKDAY_LABELS,
  WEEKDAYS,
  type SearchFilters,
} from "@/lib/discovery/filters";
import type { ZoneOption } from "@/lib/scheduling/zone-name";

import { IntentLink } from "@/components/ui/intent-link";

import { ZoneGuess } from "./zone-guess";

const control = "mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 shadow-sm focus:border-brand-600";
const labelClass = "block text-sm font-semibold text-slate-800";
const legendClass = "text-sm font-semibold text-slate-800";
const chip = "flex items-center gap-2 rounded-lg border border-slate-300 bg-white px-2.5 py-1.5 text-sm text-slate-800";

/**
 * Issue 29: the filters of /courses as a plain GET form (server-rendered, usable without JavaScript:
 * submitting it loads /courses?..., a URL to share, and back goes to the previous search). Groups of
 * choices are fieldsets with legends; every control has a label. Days and hours are read on the clock
 * of the zone chosen at the end, which starts at the viewer's (ZoneGuess fills it in when the server
 * could not know it).
 */
export function SearchForm({
  filters,
  zone,
  zones,
  guessZone,
}: {
  filters: SearchFilters;
  zone: string;
  zones: ZoneOption[];
  /** The server had no zone for this viewer: the browser's replaces the default. */
  guessZone: boolean;
}) {
  return (
    <form
      role="search"
      aria-label="Find a class"
      action="/courses"
      method="get"
      className="rounded-2xl border border-slate-200 bg-slate-50 p-4 sm:p-5"
    >
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <div className="sm:col-span-2">
          <label htmlFor="search-q" className={labelClass}>
            Search courses and teachers
          </label>
          <input
            id="search-q"
            name="q"
            type="search"
            maxLength={100}
            defaultValue={filters.q ?? ""}
            placeholder="e.g. chess, Python, Ms. Rivera"
            className={control}
          />
        </div>
        <div>
          <label htmlFor="search-grade" className={labelClass}>
            Grade
          </label>
          <select id="search-grade" name="grade" defaultValue={filters.grade ?? ""} className={control}>
            <option value="">Any grade</option>
            {GRADES.map((grade) => (
              <option key={grade} value={grade}>
                Grade {grade}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="search-category" className={labelClass}>
            Category
          </label>
          <select id="search-category" name="category" defaultValue={filters.category ?? ""} className={control}>
            <option value="">Any category</option>
            {COURSE_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {CATEGORY_LABELS[category]}
              </option>
            ))}
          </select>
        </div>
      </div>

      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <fieldset>
          <legend className={legendClass}>Days (on your clock)</legend>
          <div className="mt-1 flex flex-wrap gap-2">
            {WEEKDAYS.map((day) => (
              <label key={day} className={chip}>
                <input type="checkbox" name="day" value={day} defaultChecked={filters.days.includes(day)} />
                {WEEKDAY_LABELS[day]}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className={legendClass}>Time of day (on your clock)</legend>
          <div className="mt-1 flex flex-wrap gap-2">
            {DAY_PART_NAMES.map((part) => (
              <label key={part} className={chip}>
                <input type="checkbox" name="time" value={part} defaultChecked={filters.parts.includes(part)} />
                {DAY_PARTS[part].label}
                <span className="text-xs text-slate-600">{DAY_PARTS[part].hours}</span>
              </label>
            ))}
          </div>
          <div className="mt-2 flex flex-wrap items-end gap-3">
            <div>
              <label htmlFor="search-from" className={labelClass}>
                Starts from
              </label>
              <input
                id="search-from"
                name="from"
                type="time"
                step={900}
                defaultValue={filters.from === undefined || filters.from >= 1440 ? "" : clockText(filters.from)}
                className={control}
              />
            </div>
            <div>
              <label htmlFor="search-to" className={labelClass}>
                Starts before
              </label>
              <input
                id="search-to"
                name="to"
                type="time"
                step={900}
                defaultValue={filters.to === undefined || filters.to >= 1440 ? "" : clockText(filters.to)}
                className={control}
              />
            </div>
          </div>
        </fieldset>
      </div>

      <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <fieldset>
          <legend className={legendClass}>Class type</legend>
          <div className="mt-1 flex flex-wrap gap-2">
            <label className={chip}>
              <input type="radio" name="type" value="" defaultChecked={!filters.type} />
              Any
            </label>
            {CLASS_TYPES.map((type) => (
              <label key={type} className={chip}>
                <input type="radio" name="type" value={type} defaultChecked={filters.type === type} />
                {CLASS_TYPE_LABELS[type]}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className={legendClass}>Price of the class, in dollars</legend>
          <div className="mt-1 flex gap-2">
            <div className="flex-1">
              <label htmlFor="search-min" className="block text-xs text-slate-700">
                From
              </label>
              <input
                id="search-min"
                name="min"
                type="number"
                min={0}
                step={1}
                inputMode="numeric"
                defaultValue={filters.minPrice ?? ""}
                className={control}
              />
            </div>
            <div className="flex-1">
              <label htmlFor="search-max" className="block text-xs text-slate-700">
                Up to
              </label>
              <input
                id="search-max"
                name="max"
                type="number"
                min={0}
                step={1}
                inputMode="numeric"
                defaultValue={filters.maxPrice ?? ""}
                className={control}
              />
            </div>
          </div>
        </fieldset>
        <div>
          <label htmlFor="search-weeks" className={labelClass}>
            Next class
          </label>
          <select id="search-weeks" name="weeks" defaultValue={filters.weeks ?? ""} className={control}>
            <option value="">Any time</option>
            <option value="1">Within a week</option>
            <option value="2">Within 2 weeks</option>
            <option value="4">Within 4 weeks</option>
            <option value="8">Within 8 weeks</option>
          </select>
          <label className="mt-3 flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" name="seats" value="1" defaultChecked={filters.seats === true} />
            Only classes with seats left
          </label>
        </div>
        <div>
          <label htmlFor="search-tz" className={labelClass}>
            Your time zone
          </label>
          <select id="search-tz" name="tz" defaultValue={zone} className={control}>
            {zones.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          {guessZone ? <ZoneGuess selectId="search-tz" /> : null}
        </div>
      </div>

      <div className="mt-5 flex flex-wrap items-center gap-4">
        <button type="submit" className="rounded-xl bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
          Show classes
        </button>
        <IntentLink href="/courses" className="text-sm font-semibold text-brand-700 underline underline-offset-4">
          Clear filters
        </IntentLink>
      </div>
    </form>
  );
}
