"use client";

import type { ZoneOption } from "@/lib/scheduling/zone-name";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";

import { FieldError, FormField, errorProps, inputClass } from "@/components/forms/form-field";
import { useSubmitAction } from "@/components/forms/use-submit-action";
import type { WithdrawalPrompt } from "@/lib/commerce/refunds/section-close-schema";
import type { ActionResult } from "@/lib/platform/http/action-result";
import { holdsNoClasses } from "@/lib/scheduling/schema";
import { WITHDRAW_FIELD, type SectionFormValues } from "@/lib/scheduling/section-form";

import { TimezoneSelect } from "./timezone-select";
import { WEEKDAY_NAMES } from "./weekly-hours-editor";

const CLASS_TYPES = [
  ["one_on_one", "1-on-1"],
  ["group", "Group"],
] as const;
// "Full" is not chosen: the seats make an open section full, and free seats open it again.
const STATUSES = [
  ["draft", "Draft (not shown to families)"],
  ["open", "Open"],
  ["closed", "Closed (no classes)"],
] as const;

interface Props {
  action: (data: FormData) => Promise<ActionResult>;
  defaultValues: SectionFormValues;
  courses: Array<{ id: number; title: string }>;
  /** An admin picks the teacher; a teacher's sections are their own (the server checks it too). */
  teachers: Array<{ id: number; label: string }> | null;
  zones: ZoneOption[];
  /** The section's live seats, said before closing it withdraws them (null: none, or a new section). */
  withdrawal?: WithdrawalPrompt | null;
  submitLabel: string;
  afterSave: string;
}

/** Create or edit a section; the server applies sectionSchema's and updateSection's rules and answers beside each field. */
export function SectionForm({ action, defaultValues: v, courses, teachers, zones, withdrawal = null, submitLabel, afterSave }: Props) {
  const router = useRouter();
  const { onSubmit, isPending, errorOf } = useSubmitAction(action, () => {
    router.push(afterSave);
    router.refresh();
  });
  const [status, setStatus] = useState(v.status);
  const withdrawError = errorOf(WITHDRAW_FIELD);
  // Refused because the seats are not as the page showed them: the page's numbers are read again (the fields keep what was typed).
  useEffect(() => {
    if (withdrawError) router.refresh();
  }, [withdrawError, router]);
  const field = (name: string, label: string, hint?: string) => ({ id: `section-${name}`, label, hint, error: errorOf(name) });
  const aria = (name: string) => errorProps(`section-${name}`, errorOf(name));

  return (
    <form onSubmit={onSubmit} noValidate aria-busy={isPending} className="grid max-w-3xl gap-5 sm:grid-cols-2">
      <FormField {...field("courseId", "Course")}>
        <select id="section-courseId" name="courseId" defaultValue={v.courseId} className={inputClass} {...aria("courseId")}>
          {courses.map((course) => (
            <option key={course.id} value={course.id}>
              {course.title}
            </option>
          ))}
        </select>
      </FormField>
      {teachers ? (
        <FormField {...field("teacherId", "Teacher")}>
          <select id="section-teacherId" name="teacherId" defaultValue={v.teacherId} className={inputClass} {...aria("teacherId")}>
            {teachers.map((teacher) => (
              <option key={teacher.id} value={teacher.id}>
                {teacher.label}
              </option>
            ))}
          </select>
        </FormField>
      ) : (
        <div>
          <input type="hidden" name="teacherId" value={v.teacherId} />
          <FieldError id="section-teacherId-error" message={errorOf("teacherId")} />
        </div>
      )}
      <FormField {...field("classType", "Class type")}>
        <select id="section-classType" name="classType" defaultValue={v.classType} className={inputClass} {...aria("classType")}>
          {CLASS_TYPES.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </FormField>
      <FormField {...field("capacity", "Capacity", "(seats; 1 for 1-on-1)")}>
        <input
          id="section-capacity"
          name="capacity"
          type="number"
          min={1}
          defaultValue={v.capacity}
          className={inputClass}
          {...aria("capacity")}
        />
      </FormField>
      <FormField {...field("price", `Price in ${v.currency}`, "(for the whole section, e.g. 149.00)")}>
        <input id="section-price" name="price" inputMode="decimal" defaultValue={v.price} className={inputClass} {...aria("price")} />
      </FormField>
      <FormField {...field("startsOn", "First day")}>
        <input id="section-startsOn" name="startsOn" type="date" defaultValue={v.startsOn} className={inputClass} {...aria("startsOn")} />
      </FormField>
      <FormField {...field("endsOn", "Last day", "(optional)")}>
        <input id="section-endsOn" name="endsOn" type="date" defaultValue={v.endsOn} className={inputClass} {...aria("endsOn")} />
      </FormField>
      <fieldset className="sm:col-span-2" aria-describedby={errorOf("weekdays") ? "section-weekdays-error" : undefined}>
        <legend className="text-sm font-semibold text-slate-800">Days of the week</legend>
        <div className="mt-2 flex flex-wrap gap-4">
          {WEEKDAY_NAMES.map((name, index) => (
            <label key={name} className="flex items-center gap-2 text-slate-800">
              <input
                type="checkbox"
                name="weekdays"
                value={index + 1}
                defaultChecked={v.weekdays.includes(String(index + 1))}
                className="h-5 w-5 rounded border-slate-400"
              />
              {name}
            </label>
          ))}
        </div>
        <FieldError id="section-weekdays-error" message={errorOf("weekdays")} />
      </fieldset>
      <FormField {...field("startTime", "Start time")}>
        <input
          id="section-startTime"
          name="startTime"
          type="time"
          defaultValue={v.startTime}
          className={inputClass}
          {...aria("startTime")}
        />
      </FormField>
      <FormField {...field("timezone", "Time zone")}>
        <TimezoneSelect id="section-timezone" name="timezone" zones={zones} defaultValue={v.timezone} error={errorOf("timezone")} />
      </FormField>
      <FormField {...field("durationMinutes", "Duration", "(minutes)")}>
        <input
          id="section-durationMinutes"
          name="durationMinutes"
          type="number"
          min={15}
          max={240}
          step={5}
          defaultValue={v.durationMinutes}
          className={inputClass}
          {...aria("durationMinutes")}
        />
      </FormField>
      <FormField {...field("status", "Status")}>
        <select
          id="section-status"
          name="status"
          defaultValue={v.status}
          onChange={(event) => setStatus(event.target.value)}
          className={inputClass}
          {...aria("status")}
        >
          {STATUSES.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </FormField>
      {(withdrawal && holdsNoClasses(status)) || withdrawError ? (
        <WithdrawalConfirmation prompt={withdrawal} error={withdrawError} />
      ) : null}
      <div className="sm:col-span-2">
        <FormField
          {...field(
            "meetingUrl",
            "Meeting link",
            "(optional, https: leave it empty for a new private room each session; a link of your own stays the same, so turn on its waiting room and admit only your learners)",
          )}
        >
          <input
            id="section-meetingUrl"
            name="meetingUrl"
            type="url"
            defaultValue={v.meetingUrl}
            className={inputClass}
            {...aria("meetingUrl")}
          />
        </FormField>
      </div>
      <div className="sm:col-span-2">
        <button
          type="submit"
          disabled={isPending}
          className="rounded-xl bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {isPending ? "Saving…" : submitLabel}
        </button>
      </div>
    </form>
  );
}

/**
 * Closing (or un-publishing) a section with families in it: what it withdraws and refunds, and the
 * box that confirms it. Its value is the numbers shown, so the server refuses if they changed since.
 */
function WithdrawalConfirmation({ prompt, error }: { prompt: WithdrawalPrompt | null; error?: string }) {
  const id = `section-${WITHDRAW_FIELD}`;
  return (
    <div
      role="group"
      aria-labelledby="section-withdraw-heading"
      className="rounded-xl border border-amber-400 bg-amber-50 p-4 sm:col-span-2"
    >
      <h2 id="section-withdraw-heading" className="font-semibold text-slate-900">
        Families are booked into this section
      </h2>
      {prompt ? (
        <>
          <p className="mt-1 text-slate-800">
            {prompt.summary} {prompt.consequences}
          </p>
          {/* No value: this person cannot close it (a teacher, over sessions delivered); the summary says whom to ask. */}
          {prompt.value ? (
            <label className="mt-3 flex items-start gap-3 font-semibold text-slate-900">
              {/* Keyed by the numbers: if they change, the box comes back unticked. */}
              <input
                key={prompt.value}
                type="checkbox"
                name={WITHDRAW_FIELD}
                value={prompt.value}
                className="mt-0.5 h-5 w-5 shrink-0 rounded border-slate-400"
                {...errorProps(id, error)}
              />
              {prompt.confirmLabel}
            </label>
          ) : null}
        </>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
