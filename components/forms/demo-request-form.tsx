"use client";

import { useEffect, useMemo, useRef, useState } from "react";
import { useForm } from "react-hook-form";

import { SpinnerOverlay } from "@/components/ui/spinner-overlay";
import { GRADES } from "@/lib/platform/constants";
import { HONEYPOT_FIELD } from "@/lib/demo-requests/honeypot";
import { CLASS_TYPES, COURSE_NOT_SURE } from "@/lib/demo-requests/constants";
import type { DemoRequestFormValues, DemoRequestInput } from "@/lib/demo-requests/schema";
import type { TimePickerActions } from "@/lib/scheduling/picker";
import type { DemoFormAccount } from "@/lib/demo-requests/form-account";
import { hasSessionHint } from "@/lib/platform/auth/session-hint";
import { newIdempotencyKey, submitDemoRequest } from "@/browser/submit-demo-request";
import { lazyZodResolver } from "@/browser/lazy-zod-resolver";
import { toastError } from "@/browser/toast";

import { errorProps, FieldError, FormField, inputClass } from "./form-field";
import { SuccessDialog } from "./success-dialog";

export interface CourseOption {
  id: number;
  title: string;
  /** Shown as an <optgroup> when the list spans categories. */
  group?: string;
}

interface Props {
  /** "join": the /join-{slug} form of SPEC 2. "booking": the free demo booking form. */
  variant: "join" | "booking";
  courses: CourseOption[];
  /** The grade from /book-free-demo/{grade}; without it the booking form asks. */
  fixedGrade?: number;
  sourcePage: string;
  /** The time picker's server actions: with them the success dialog offers a time for the demo. */
  timePicker?: TimePickerActions;
  /** The signed-in parent (name, email, children), asked once the browser has a session: the form fills itself in. */
  readAccount?: () => Promise<DemoFormAccount | null>;
}

/** The same email and grade within a day updated the first request (lib/demo-requests/service.ts). */
const REPEAT_NOTICE =
  "You had already asked today for this grade: we updated that request with these answers, so there is still one request and one email.";

export function DemoRequestForm({ variant, courses, fixedGrade, sourcePage, timePicker, readAccount }: Props) {
  const asksGrade = variant === "booking" && fixedGrade === undefined;
  // The same schema as POST /api/book-free-demo, loaded with the first validation (or focus).
  const validation = useMemo(
    () =>
      lazyZodResolver<DemoRequestFormValues, DemoRequestInput>(async () => {
        const schemas = await import("@/lib/demo-requests/schema");
        return asksGrade ? schemas.demoRequestWithGradeSchema : schemas.demoRequestSchema;
      }),
    [asksGrade],
  );
  const defaultValues: DemoRequestFormValues = {
    name: "",
    userEmail: "",
    number: "",
    course: "",
    text: "",
    // SPEC 5: the class-type radios have no default.
    type: undefined,
    grade: fixedGrade ?? "",
    learnerId: "",
    sourcePage,
  };
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<DemoRequestFormValues, unknown, DemoRequestInput>({ resolver: validation.resolver, defaultValues });
  // A course page's "Book a free demo" links here with ?course=<id>: that course is chosen. Read
  // after hydration, so the booking pages stay static; an id not among the options is ignored.
  useEffect(() => {
    const wanted = new URLSearchParams(window.location.search).get("course");
    if (wanted && courses.some((course) => String(course.id) === wanted)) setValue("course", wanted);
  }, [courses, setValue]);
  // A signed-in parent: name and email from the account, and a picker of the account's children.
  const [account, setAccount] = useState<DemoFormAccount | null>(null);
  useEffect(() => {
    if (!readAccount || !hasSessionHint(document.cookie)) return;
    let isCurrent = true;
    readAccount().then(
      (found) => {
        if (!isCurrent || !found) return;
        setAccount(found);
        if (!getValues("name")) setValue("name", found.name);
        if (!getValues("userEmail")) setValue("userEmail", found.email);
      },
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [readAccount, getValues, setValue]);
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  const [leadToken, setLeadToken] = useState<string | null>(null);
  const [repeatNotice, setRepeatNotice] = useState<string | null>(null);
  // One key per submission, kept until it succeeds, so a retry cannot store the lead twice.
  const idempotencyKey = useRef<string | null>(null);
  // The honeypot stays outside react-hook-form: the schema would drop it, and its value is only sent.
  const honeypot = useRef<HTMLInputElement>(null);

  const onSubmit = async (values: DemoRequestInput) => {
    idempotencyKey.current ??= newIdempotencyKey();
    const result = await submitDemoRequest(
      { ...values, grade: fixedGrade ?? values.grade, sourcePage },
      idempotencyKey.current,
      honeypot.current?.value ?? "",
    );
    if (!result.ok) {
      // Unlike the original (which only logged it), the user hears of the failure and keeps what they typed.
      await toastError(result.message);
      return;
    }
    idempotencyKey.current = null;
    reset(account ? { ...defaultValues, name: account.name, userEmail: account.email } : defaultValues);
    setLeadToken(result.bookingToken);
    setRepeatNotice(result.isRepeat ? REPEAT_NOTICE : null);
    setIsDialogOpen(true);
  };

  const groups = groupCourses(courses);
  const id = (field: string) => `${variant}-${field}`;

  return (
    <>
      {/* eslint-disable-next-line react-hooks/refs -- react-hook-form's handleSubmit reads the form state when the form is submitted, not during render */}
      <form onSubmit={handleSubmit(onSubmit)} onFocus={validation.preload} noValidate className="space-y-5" aria-busy={isSubmitting}>
        {/* Issue 6: a field people never see or reach (hidden, out of the tab order and of the
            accessibility tree); a bot that fills it is answered like a person and stored nowhere. */}
        <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
          <label htmlFor={id(HONEYPOT_FIELD)}>Website</label>
          <input
            ref={honeypot}
            id={id(HONEYPOT_FIELD)}
            name={HONEYPOT_FIELD}
            type="text"
            tabIndex={-1}
            autoComplete="off"
            defaultValue=""
          />
        </div>
        {variant === "booking" ? (
          <FormField id={id("name")} label="Name" hint="(optional)" error={errors.name?.message}>
            <input
              id={id("name")}
              type="text"
              autoComplete="name"
              className={inputClass}
              {...errorProps(id("name"), errors.name?.message)}
              {...register("name")}
            />
          </FormField>
        ) : null}

        <FormField id={id("email")} label="Email" error={errors.userEmail?.message}>
          <input
            id={id("email")}
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            className={inputClass}
            {...errorProps(id("email"), errors.userEmail?.message)}
            {...register("userEmail")}
          />
        </FormField>

        {variant === "join" ? (
          <FormField id={id("name")} label="Name" hint="(optional)" error={errors.name?.message}>
            <input
              id={id("name")}
              type="text"
              autoComplete="name"
              className={inputClass}
              {...errorProps(id("name"), errors.name?.message)}
              {...register("name")}
            />
          </FormField>
        ) : (
          <FormField id={id("phone")} label="Phone number" hint="(optional)" error={errors.number?.message}>
            <input
              id={id("phone")}
              type="tel"
              autoComplete="tel"
              className={inputClass}
              {...errorProps(id("phone"), errors.number?.message)}
              {...register("number")}
            />
          </FormField>
        )}

        {account && account.children.length > 0 ? (
          <FormField id={id("child")} label="For which child?" hint="(optional)" error={errors.learnerId?.message}>
            <select
              id={id("child")}
              className={inputClass}
              {...errorProps(id("child"), errors.learnerId?.message)}
              {...register("learnerId", {
                // The child's grade is the request's, where the form asks for one.
                onChange: (event: { target: { value: string } }) => {
                  const child = account.children.find((c) => String(c.id) === event.target.value);
                  if (child && asksGrade) setValue("grade", String(child.grade));
                },
              })}
            >
              <option value="">Another child</option>
              {account.children.map((child) => (
                <option key={child.id} value={String(child.id)}>
                  {child.firstName} (Grade {child.grade})
                </option>
              ))}
            </select>
          </FormField>
        ) : null}

        {asksGrade ? (
          <FormField id={id("grade")} label="Grade" error={errors.grade?.message}>
            <select id={id("grade")} className={inputClass} {...errorProps(id("grade"), errors.grade?.message)} {...register("grade")}>
              <option value="">Select a grade</option>
              {GRADES.map((grade) => (
                <option key={grade} value={grade}>
                  Grade {grade}
                </option>
              ))}
            </select>
          </FormField>
        ) : null}

        <FormField id={id("course")} label="Course" error={errors.course?.message}>
          <select id={id("course")} className={inputClass} {...errorProps(id("course"), errors.course?.message)} {...register("course")}>
            <option value="">Select a course</option>
            {groups.map(([group, options]) =>
              group ? (
                <optgroup key={group} label={group}>
                  {options.map((course) => (
                    <option key={course.id} value={String(course.id)}>
                      {course.title}
                    </option>
                  ))}
                </optgroup>
              ) : (
                options.map((course) => (
                  <option key={course.id} value={String(course.id)}>
                    {course.title}
                  </option>
                ))
              ),
            )}
            <option value={COURSE_NOT_SURE}>Not sure yet: help me choose</option>
          </select>
        </FormField>

        <fieldset {...errorProps(id("type"), errors.type?.message)}>
          <legend className="text-sm font-semibold text-slate-800">Class type</legend>
          <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
            {CLASS_TYPES.map((type) => (
              <label key={type} className="flex items-center gap-2 text-slate-800">
                <input type="radio" value={type} className="size-4 accent-brand-600" {...register("type")} />
                {type}
              </label>
            ))}
          </div>
          <FieldError id={`${id("type")}-error`} message={errors.type?.message} />
        </fieldset>

        {variant === "booking" ? (
          <FormField id={id("message")} label="Message" hint="(optional)" error={errors.text?.message}>
            <textarea
              id={id("message")}
              rows={4}
              className={inputClass}
              {...errorProps(id("message"), errors.text?.message)}
              {...register("text")}
            />
          </FormField>
        ) : null}

        <button
          type="submit"
          disabled={isSubmitting}
          className="w-full rounded-xl bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {variant === "join" ? "Submit" : "Book a free demo"}
        </button>
      </form>
      {isSubmitting ? <SpinnerOverlay label="Sending your request…" /> : null}
      <SuccessDialog
        isOpen={isDialogOpen}
        leadToken={leadToken}
        timePicker={timePicker}
        repeatNotice={repeatNotice}
        onClose={() => setIsDialogOpen(false)}
      />
    </>
  );
}

function groupCourses(courses: CourseOption[]): Array<[string | undefined, CourseOption[]]> {
  const groups = new Map<string | undefined, CourseOption[]>();
  for (const course of courses) {
    const list = groups.get(course.group) ?? [];
    list.push(course);
    groups.set(course.group, list);
  }
  return [...groups.entries()];
}
