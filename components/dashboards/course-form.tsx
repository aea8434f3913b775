"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";

import { errorProps, FormField, inputClass } from "@/components/forms/form-field";
import { CATEGORY_LABELS, COURSE_CATEGORIES, GRADES } from "@/lib/platform/constants";
import { COURSE_LIMITS, courseSchema, type CourseFormValues, type CourseInput } from "@/lib/courses/schema";
import { toastError, toastSuccess } from "@/browser/toast";

type ActionResult = { ok: true; message: string } | { ok: false; message: string; fieldErrors?: Record<string, string> };

interface Props {
  /** A server action: createCourseAction, or updateCourseAction bound to the course id. */
  action: (values: CourseInput) => Promise<ActionResult>;
  defaultValues: CourseFormValues;
  submitLabel: string;
  /** Where to go after a successful save (the list after a create); stays on the page when absent. */
  afterSave?: string;
}

const FIELDS = ["slug", "title", "category", "description", "gradeMin", "gradeMax", "isFeatured", "isPublished"] as const;
const checkboxClass = "h-5 w-5 rounded border-slate-400 text-brand-600";

/** The admin's course create / edit form: the same zod schema as the service, server field messages (a taken slug) shown in place. */
export function CourseForm({ action, defaultValues, submitLabel, afterSave }: Props) {
  const router = useRouter();
  const { register, handleSubmit, setError, formState } = useForm<CourseFormValues, unknown, CourseInput>({
    resolver: zodResolver(courseSchema),
    defaultValues,
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = async (values: CourseInput) => {
    const result = await action(values);
    if (!result.ok) {
      for (const field of FIELDS) {
        const message = result.fieldErrors?.[field];
        if (message) setError(field, { message }, { shouldFocus: true });
      }
      return toastError(result.message);
    }
    await toastSuccess(result.message);
    if (afterSave) router.push(afterSave);
  };

  const field = (name: (typeof FIELDS)[number]) => ({ id: `course-${name}`, error: errors[name]?.message });
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate aria-busy={isSubmitting} className="grid max-w-3xl gap-5 sm:grid-cols-2">
      <FormField {...field("title")} label="Title">
        <input
          type="text"
          id="course-title"
          maxLength={COURSE_LIMITS.title}
          className={inputClass}
          {...errorProps("course-title", errors.title?.message)}
          {...register("title")}
        />
      </FormField>
      <FormField {...field("slug")} label="Slug" hint="(lowercase words joined by hyphens)">
        <input
          type="text"
          id="course-slug"
          maxLength={COURSE_LIMITS.slug}
          autoCapitalize="none"
          spellCheck={false}
          className={inputClass}
          {...errorProps("course-slug", errors.slug?.message)}
          {...register("slug")}
        />
      </FormField>
      <FormField {...field("category")} label="Category">
        <select
          id="course-category"
          className={inputClass}
          {...errorProps("course-category", errors.category?.message)}
          {...register("category")}
        >
          {COURSE_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {CATEGORY_LABELS[category]}
            </option>
          ))}
        </select>
      </FormField>
      {(
        [
          ["gradeMin", "Lowest grade"],
          ["gradeMax", "Highest grade"],
        ] as const
      ).map(([name, label]) => (
        <FormField key={name} {...field(name)} label={label}>
          <select id={`course-${name}`} className={inputClass} {...errorProps(`course-${name}`, errors[name]?.message)} {...register(name)}>
            {GRADES.map((grade) => (
              <option key={grade} value={grade}>
                Grade {grade}
              </option>
            ))}
          </select>
        </FormField>
      ))}
      <div className="sm:col-span-2">
        <FormField {...field("description")} label="Description">
          <textarea
            id="course-description"
            rows={5}
            maxLength={COURSE_LIMITS.description}
            className={inputClass}
            {...errorProps("course-description", errors.description?.message)}
            {...register("description")}
          />
        </FormField>
      </div>
      <fieldset className="flex flex-wrap gap-6 sm:col-span-2">
        <legend className="sr-only">Visibility</legend>
        <label className="flex items-center gap-2 font-semibold text-slate-800">
          <input type="checkbox" className={checkboxClass} {...register("isPublished")} />
          Published on the site
        </label>
        <label className="flex items-center gap-2 font-semibold text-slate-800">
          <input type="checkbox" className={checkboxClass} {...register("isFeatured")} />
          Featured on the home page
        </label>
      </fieldset>
      <div className="sm:col-span-2">
        <button
          type="submit"
          disabled={isSubmitting}
          aria-busy={isSubmitting}
          className="rounded-xl bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {isSubmitting ? "Saving…" : submitLabel}
        </button>
      </div>
    </form>
  );
}
