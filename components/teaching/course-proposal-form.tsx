"use client";

import { errorProps, FormField, inputClass } from "@/components/forms/form-field";
import { useSubmitAction } from "@/components/forms/use-submit-action";
import { CATEGORY_LABELS, COURSE_CATEGORIES } from "@/lib/platform/constants";
import type { ActionResult } from "@/lib/platform/http/action-result";
import { PROPOSAL_LIMITS } from "@/lib/teachers/course-proposal-schema";

const GRADES = Array.from({ length: 12 }, (_, i) => String(i + 1));

/** Issue 38: a teacher proposes a course the catalogue lacks; the server's field messages show beside each field. */
export function CourseProposalForm({ propose }: { propose: (data: FormData) => Promise<ActionResult> }) {
  const { onSubmit, isPending, errorOf } = useSubmitAction(propose);
  const field = (name: string) => ({
    id: `proposal-${name}`,
    name,
    className: inputClass,
    ...errorProps(`proposal-${name}`, errorOf(name)),
  });
  return (
    <form
      onSubmit={onSubmit}
      aria-busy={isPending}
      aria-label="Propose a new course"
      className="space-y-4 rounded-xl border border-slate-200 p-5"
    >
      <FormField id="proposal-title" label="Course title" error={errorOf("title")}>
        <input type="text" maxLength={PROPOSAL_LIMITS.title} {...field("title")} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField id="proposal-category" label="Category" error={errorOf("category")}>
          <select defaultValue="academic" {...field("category")}>
            {COURSE_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {CATEGORY_LABELS[c]}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="proposal-gradeMin" label="Lowest grade" error={errorOf("gradeMin")}>
          <select defaultValue="1" {...field("gradeMin")}>
            {GRADES.map((g) => (
              <option key={g}>{g}</option>
            ))}
          </select>
        </FormField>
        <FormField id="proposal-gradeMax" label="Highest grade" error={errorOf("gradeMax")}>
          <select defaultValue="12" {...field("gradeMax")}>
            {GRADES.map((g) => (
              <option key={g}>{g}</option>
            ))}
          </select>
        </FormField>
      </div>
      <FormField id="proposal-description" label="Description for families" error={errorOf("description")}>
        <textarea rows={4} {...field("description")} />
      </FormField>
      <FormField id="proposal-outcomes" label="What children learn" error={errorOf("outcomes")}>
        <textarea rows={3} {...field("outcomes")} />
      </FormField>
      <button
        type="submit"
        disabled={isPending}
        className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
      >
        {isPending ? "Sending…" : "Propose the course"}
      </button>
    </form>
  );
}
