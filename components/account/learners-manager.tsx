"use client";

import { useRouter } from "next/navigation";
import { useRef, useState, type FormEvent } from "react";

import { callAction } from "@/browser/call-action";
import { errorProps, FormField, inputClass } from "@/components/forms/form-field";
import { GRADES } from "@/lib/platform/constants";
import type { ActionResult } from "@/lib/platform/http/action-result";
import type { LearnerInput } from "@/lib/scheduling/schema";

export interface LearnerItem {
  id: number;
  firstName: string;
  grade: number;
  birthYear: number | null;
}

export interface LearnerActions {
  add: (input: LearnerInput) => Promise<ActionResult>;
  update: (learnerId: number, input: LearnerInput) => Promise<ActionResult>;
  remove: (learnerId: number) => Promise<ActionResult>;
}

type Answer = { ok: boolean; message: string } | null;

/** The account's children: each with edit and remove, and a form to add one. The server checks every change. */
export function LearnersManager({ learners, actions }: { learners: LearnerItem[]; actions: LearnerActions }) {
  const router = useRouter();
  const [editingId, setEditingId] = useState<number | null>(null);
  const [answer, setAnswer] = useState<Answer>(null);
  const [busyId, setBusyId] = useState<number | null>(null);

  const done = (result: ActionResult) => {
    setAnswer({ ok: result.ok, message: result.message });
    if (result.ok) router.refresh();
  };
  const remove = async (learner: LearnerItem) => {
    setBusyId(learner.id);
    done(await callAction((id: number) => actions.remove(id), learner.id));
    setBusyId(null);
  };

  return (
    <div className="space-y-6">
      {learners.length === 0 ? (
        <p className="text-slate-700">No children on your account yet. Add one below to book demos and classes for them.</p>
      ) : (
        <ul className="space-y-3">
          {learners.map((learner) => (
            <li key={learner.id} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
              {editingId === learner.id ? (
                <LearnerForm
                  idPrefix={`learner-${learner.id}`}
                  initial={learner}
                  submitLabel={`Save ${learner.firstName}`}
                  submit={(input) => actions.update(learner.id, input)}
                  onDone={(result) => {
                    done(result);
                    setEditingId(null);
                  }}
                  onCancel={() => setEditingId(null)}
                />
              ) : (
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <p>
                    <span className="font-semibold text-slate-900">{learner.firstName}</span>
                    <span className="text-slate-700">
                      {" "}
                      · Grade {learner.grade}
                      {learner.birthYear ? ` · born ${learner.birthYear}` : ""}
                    </span>
                  </p>
                  <div className="flex gap-2">
                    <button
                      type="button"
                      onClick={() => setEditingId(learner.id)}
                      aria-label={`Edit ${learner.firstName}`}
                      className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-800 hover:border-brand-600"
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      onClick={() => remove(learner)}
                      disabled={busyId === learner.id}
                      aria-busy={busyId === learner.id}
                      aria-label={`Remove ${learner.firstName}`}
                      className="rounded-lg border border-red-300 px-3 py-1.5 text-sm font-semibold text-red-800 hover:border-red-700 disabled:opacity-60"
                    >
                      Remove
                    </button>
                  </div>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {answer ? (
        <p role={answer.ok ? "status" : "alert"} className={`text-sm font-medium ${answer.ok ? "text-slate-800" : "text-red-700"}`}>
          {answer.message}
        </p>
      ) : null}
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <h3 className="text-lg font-bold text-slate-900">Add a child</h3>
        <LearnerForm idPrefix="learner-new" submitLabel="Add child" submit={actions.add} onDone={done} resetOnSuccess />
      </div>
    </div>
  );
}

function LearnerForm({
  idPrefix,
  initial,
  submitLabel,
  submit,
  onDone,
  onCancel,
  resetOnSuccess = false,
}: {
  idPrefix: string;
  initial?: LearnerItem;
  submitLabel: string;
  submit: (input: LearnerInput) => Promise<ActionResult>;
  onDone: (result: ActionResult) => void;
  onCancel?: () => void;
  resetOnSuccess?: boolean;
}) {
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [isBusy, setIsBusy] = useState(false);
  const id = (field: string) => `${idPrefix}-${field}`;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const input = {
      firstName: String(data.get("firstName") ?? ""),
      grade: String(data.get("grade") ?? ""),
      birthYear: String(data.get("birthYear") ?? ""),
    };
    setIsBusy(true);
    const result = await callAction(submit, input);
    setIsBusy(false);
    if (!result.ok && result.fieldErrors) {
      setErrors(result.fieldErrors);
      // The first field in error gets the focus, so a keyboard or screen reader user hears it.
      const first = ["firstName", "grade", "birthYear"].find((field) => result.fieldErrors?.[field]);
      if (first) document.getElementById(id(first))?.focus();
      return;
    }
    setErrors({});
    if (result.ok && resetOnSuccess) form.current?.reset();
    onDone(result);
  };

  return (
    <form ref={form} onSubmit={onSubmit} noValidate className="mt-3 grid gap-4 sm:grid-cols-3">
      <FormField id={id("firstName")} label="First name" error={errors.firstName}>
        <input
          id={id("firstName")}
          name="firstName"
          type="text"
          autoComplete="off"
          defaultValue={initial?.firstName ?? ""}
          className={inputClass}
          {...errorProps(id("firstName"), errors.firstName)}
        />
      </FormField>
      <FormField id={id("grade")} label="Grade" error={errors.grade}>
        <select
          id={id("grade")}
          name="grade"
          defaultValue={initial ? String(initial.grade) : ""}
          className={inputClass}
          {...errorProps(id("grade"), errors.grade)}
        >
          <option value="">Choose a grade</option>
          {GRADES.map((grade) => (
            <option key={grade} value={String(grade)}>
              Grade {grade}
            </option>
          ))}
        </select>
      </FormField>
      <FormField id={id("birthYear")} label="Birth year" hint="(optional)" error={errors.birthYear}>
        <input
          id={id("birthYear")}
          name="birthYear"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          defaultValue={initial?.birthYear ? String(initial.birthYear) : ""}
          className={inputClass}
          {...errorProps(id("birthYear"), errors.birthYear)}
        />
      </FormField>
      <div className="flex gap-2 sm:col-span-3">
        <button
          type="submit"
          disabled={isBusy}
          aria-busy={isBusy}
          className="rounded-xl bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60"
        >
          {submitLabel}
        </button>
        {onCancel ? (
          <button
            type="button"
            onClick={onCancel}
            className="rounded-xl border border-slate-300 px-5 py-2.5 font-semibold text-slate-800 hover:border-brand-600"
          >
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
