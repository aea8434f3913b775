"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";

import { callAction } from "@/browser/call-action";
import { errorProps, FieldError, FormField, inputClass } from "@/components/forms/form-field";
import type { ActionResult } from "@/lib/platform/http/action-result";
import { LEARNER_PASSWORD_MIN } from "@/lib/learner-access/password-limits";
import type { SignInSetupInput } from "@/lib/learner-access/schema";

import { PicturePicker } from "./picture-picker";

export interface LearnerSignInActions {
  set: (learnerId: number, input: SignInSetupInput) => Promise<ActionResult>;
  off: (learnerId: number) => Promise<ActionResult>;
}

export interface LearnerSignInState {
  username: string;
  kind: "password" | "pictures";
  /** When the parent consented, already written in the family's zone. */
  consentOn: string;
}

/**
 * One child's own sign-in on the family's children list: off (a button to turn it on), or on (the
 * username, which kind, the consent's date, with Reset and Turn off). The form asks for a username,
 * a password or 3 pictures in order, and the parent's consent; the server checks all of it again.
 */
export function LearnerSignInCard({
  learner,
  state,
  actions,
}: {
  learner: { id: number; firstName: string };
  state: LearnerSignInState | null;
  actions: LearnerSignInActions;
}) {
  const router = useRouter();
  const [isEditing, setIsEditing] = useState(false);
  const [answer, setAnswer] = useState<ActionResult | null>(null);
  const done = (result: ActionResult) => {
    setAnswer(result);
    if (result.ok) {
      setIsEditing(false);
      router.refresh();
    }
  };
  const prefix = `learner-sign-in-${learner.id}`;
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" aria-labelledby={`${prefix}-title`} role="group">
      <h3 id={`${prefix}-title`} className="font-semibold text-slate-900">
        {learner.firstName}&apos;s own sign-in
      </h3>
      {state ? (
        <p className="mt-1 text-slate-700">
          On: username <strong>{state.username}</strong>, {state.kind === "pictures" ? "a picture password" : "a password"}. You agreed on{" "}
          {state.consentOn}.
        </p>
      ) : (
        <p className="mt-1 text-slate-700">
          Off. {learner.firstName} can have a sign-in of their own, without an email, to see and join their classes.
        </p>
      )}
      {isEditing ? (
        <SignInForm
          prefix={prefix}
          learner={learner}
          initialUsername={state?.username ?? ""}
          submit={actions.set}
          onDone={done}
          onCancel={() => setIsEditing(false)}
        />
      ) : (
        <div className="mt-3 flex flex-wrap gap-2">
          <button
            type="button"
            onClick={() => {
              setAnswer(null);
              setIsEditing(true);
            }}
            className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-800 hover:border-brand-600"
          >
            {state ? `Reset ${learner.firstName}'s sign-in` : `Turn on a sign-in for ${learner.firstName}`}
          </button>
          {state ? (
            <button
              type="button"
              onClick={async () => done(await callAction((id: number) => actions.off(id), learner.id))}
              className="rounded-lg border border-red-300 px-3 py-1.5 text-sm font-semibold text-red-800 hover:border-red-700"
            >
              Turn off {learner.firstName}&apos;s sign-in
            </button>
          ) : null}
        </div>
      )}
      {answer ? (
        <p role={answer.ok ? "status" : "alert"} className={`mt-2 text-sm font-medium ${answer.ok ? "text-slate-800" : "text-red-700"}`}>
          {answer.message}
        </p>
      ) : null}
    </div>
  );
}

function SignInForm({
  prefix,
  learner,
  initialUsername,
  submit,
  onDone,
  onCancel,
}: {
  prefix: string;
  learner: { id: number; firstName: string };
  initialUsername: string;
  submit: LearnerSignInActions["set"];
  onDone: (result: ActionResult) => void;
  onCancel: () => void;
}) {
  const [kind, setKind] = useState<"pictures" | "password">("pictures");
  const [pictures, setPictures] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [isBusy, setIsBusy] = useState(false);
  const id = (field: string) => `${prefix}-${field}`;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const base = { username: String(data.get("username") ?? ""), consent: data.get("consent") === "on" };
    const input = (
      kind === "pictures" ? { ...base, kind, pictures } : { ...base, kind, password: String(data.get("password") ?? "") }
    ) as SignInSetupInput;
    setIsBusy(true);
    const result = await callAction((value: SignInSetupInput) => submit(learner.id, value), input);
    setIsBusy(false);
    if (!result.ok && result.fieldErrors) {
      setErrors(result.fieldErrors);
      const first = ["username", "password", "consent"].find((field) => result.fieldErrors?.[field]);
      if (first) document.getElementById(id(first))?.focus();
      return;
    }
    setErrors({});
    onDone(result);
  };

  return (
    <form onSubmit={onSubmit} noValidate className="mt-3 space-y-4">
      <FormField id={id("username")} label="Username" hint="(letters and numbers, no email)" error={errors.username}>
        <input
          id={id("username")}
          name="username"
          type="text"
          autoComplete="off"
          defaultValue={initialUsername}
          className={inputClass}
          {...errorProps(id("username"), errors.username)}
        />
      </FormField>
      <fieldset>
        <legend className="text-sm font-semibold text-slate-800">How {learner.firstName} signs in</legend>
        <div className="mt-1 flex flex-wrap gap-4">
          <label className="flex items-center gap-2">
            <input type="radio" name="kind" value="pictures" checked={kind === "pictures"} onChange={() => setKind("pictures")} />
            Picture password (for young children)
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="kind" value="password" checked={kind === "password"} onChange={() => setKind("password")} />
            Password
          </label>
        </div>
      </fieldset>
      {kind === "pictures" ? (
        <PicturePicker
          idPrefix={id("pictures")}
          legend={`Choose 3 pictures, in order, for ${learner.firstName} to tap`}
          value={pictures}
          onChange={setPictures}
          error={errors.pictures}
        />
      ) : (
        <FormField id={id("password")} label="Password" hint={`(at least ${LEARNER_PASSWORD_MIN} characters)`} error={errors.password}>
          <input
            id={id("password")}
            name="password"
            type="password"
            autoComplete="new-password"
            className={inputClass}
            {...errorProps(id("password"), errors.password)}
          />
        </FormField>
      )}
      <div>
        <label className="flex items-start gap-2 text-slate-800">
          <input id={id("consent")} name="consent" type="checkbox" className="mt-1" {...errorProps(id("consent"), errors.consent)} />
          <span>
            I am {learner.firstName}&apos;s parent or guardian, and I agree that {learner.firstName} signs in on their own to see and join
            their classes and write to their teachers. I can read every message and turn this off at any time.
          </span>
        </label>
        <FieldError id={`${id("consent")}-error`} message={errors.consent} />
      </div>
      <div className="flex gap-2">
        <button
          type="submit"
          disabled={isBusy}
          aria-busy={isBusy}
          className="rounded-xl bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
        >
          Save {learner.firstName}&apos;s sign-in
        </button>
        <button type="button" onClick={onCancel} className="rounded-xl border border-slate-300 px-5 py-2.5 font-semibold text-slate-800">
          Cancel
        </button>
      </div>
    </form>
  );
}
