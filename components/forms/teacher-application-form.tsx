"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";

import type { ActionResult } from "@/lib/platform/http/action-result";
import { toastError, toastSuccess } from "@/browser/toast";
import { APPLICATION_LIMITS, teacherApplicationSchema, type TeacherApplicationInput } from "@/lib/teachers/applications/schema";

import { errorProps, FormField, inputClass } from "./form-field";
import { SubmitButton } from "./submit-button";

const FIELDS = ["name", "email", "subjects", "experience", "availability"] as const;
const MESSAGE_FIELDS = [...FIELDS, "acceptsSafetyPolicy"] as const;

/**
 * The teacher application (issue 4): checked here with the same schema the server action parses.
 * On success the action revalidates the page, which then shows the application's status.
 */
export function TeacherApplicationForm({
  defaultName,
  defaultEmail,
  submit,
}: {
  defaultName: string;
  defaultEmail: string;
  submit: (input: TeacherApplicationInput) => Promise<ActionResult>;
}) {
  const { register, handleSubmit, setError, formState } = useForm<TeacherApplicationInput>({
    resolver: zodResolver(teacherApplicationSchema),
    defaultValues: {
      name: defaultName,
      email: defaultEmail,
      subjects: "",
      experience: "",
      availability: "",
    } as Partial<TeacherApplicationInput>,
  });
  const [answer, setAnswer] = useState<ActionResult | null>(null);
  const errors = formState.errors;

  const onSubmit = async (values: TeacherApplicationInput) => {
    const result = await submit(values).catch((): ActionResult => ({
      ok: false,
      message: "We couldn't reach our server. Please check your connection and try again.",
    }));
    setAnswer(result);
    if (result.ok) return toastSuccess(result.message);
    for (const field of MESSAGE_FIELDS) {
      const message = result.fieldErrors?.[field];
      if (message) setError(field, { message });
    }
    return toastError(result.message);
  };

  const field = (name: (typeof FIELDS)[number]) => ({
    id: `application-${name}`,
    className: inputClass,
    ...errorProps(`application-${name}`, errors[name]?.message),
    ...register(name),
  });

  return (
    <form
      onSubmit={handleSubmit(onSubmit)}
      noValidate
      aria-busy={formState.isSubmitting}
      className="space-y-5 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id="application-name" label="Your name" error={errors.name?.message}>
          <input type="text" autoComplete="name" maxLength={APPLICATION_LIMITS.name} {...field("name")} />
        </FormField>
        <FormField id="application-email" label="Email" hint="(where we will reply)" error={errors.email?.message}>
          <input type="email" autoComplete="email" maxLength={APPLICATION_LIMITS.email} {...field("email")} />
        </FormField>
      </div>
      <FormField id="application-subjects" label="Subjects and grades you would like to teach" error={errors.subjects?.message}>
        <input
          type="text"
          maxLength={APPLICATION_LIMITS.subjects}
          placeholder="e.g. Python and Scratch, grades 4 to 8"
          {...field("subjects")}
        />
      </FormField>
      <FormField id="application-experience" label="Teaching experience with children" error={errors.experience?.message}>
        <textarea rows={5} maxLength={APPLICATION_LIMITS.experience} {...field("experience")} />
      </FormField>
      <FormField id="application-availability" label="Weekly availability and time zone" error={errors.availability?.message}>
        <input
          type="text"
          maxLength={APPLICATION_LIMITS.availability}
          placeholder="e.g. Weekdays 4–8 pm Eastern"
          {...field("availability")}
        />
      </FormField>
      <div>
        <label htmlFor="application-acceptsSafetyPolicy" className="flex items-start gap-2 text-slate-800">
          <input
            id="application-acceptsSafetyPolicy"
            type="checkbox"
            className="mt-1"
            {...errorProps("application-acceptsSafetyPolicy", errors.acceptsSafetyPolicy?.message)}
            {...register("acceptsSafetyPolicy")}
          />
          <span>I have read the child-safety policy above and accept it.</span>
        </label>
        {errors.acceptsSafetyPolicy?.message ? (
          <p id="application-acceptsSafetyPolicy-error" className="mt-1 text-sm font-medium text-red-700">
            {errors.acceptsSafetyPolicy.message}
          </p>
        ) : null}
      </div>
      <SubmitButton isBusy={formState.isSubmitting}>
        {formState.isSubmitting ? "Sending your application…" : "Send application"}
      </SubmitButton>
      <p role="status" className={answer ? `text-sm font-medium ${answer.ok ? "text-green-800" : "text-red-700"}` : "sr-only"}>
        {answer?.message ?? ""}
      </p>
    </form>
  );
}
