"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";

import { callAction } from "@/browser/call-action";
import { errorProps, FormField, inputClass } from "@/components/forms/form-field";
import type { LearnerSignInInput } from "@/lib/learner-access/schema";
import type { ActionResult } from "@/lib/platform/http/action-result";

import { PicturePicker } from "./picture-picker";

/**
 * The child's sign-in: their username, then their 3 pictures in order (or their password). Big
 * targets and few words; a wrong try says so and keeps the username.
 */
export function LearnerSignInForm({ signIn }: { signIn: (input: LearnerSignInInput) => Promise<ActionResult> }) {
  const router = useRouter();
  const [kind, setKind] = useState<"pictures" | "password">("pictures");
  const [pictures, setPictures] = useState<string[]>([]);
  const [answer, setAnswer] = useState<ActionResult | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const username = String(data.get("username") ?? "");
    const input: LearnerSignInInput =
      kind === "pictures" ? { username, pictures } : { username, password: String(data.get("password") ?? "") };
    setIsBusy(true);
    const result = await callAction(signIn, input);
    if (result.ok) {
      // The action set the cookie, which empties the router's cache: /learn is rendered afresh with it.
      // (A refresh() straight after the replace() raced it on a busy machine and left the child on /kids.)
      router.replace("/learn");
      return;
    }
    setIsBusy(false);
    setAnswer(result);
    setPictures([]);
  };

  const tab = (value: "pictures" | "password", label: string) => (
    <button
      type="button"
      aria-pressed={kind === value}
      onClick={() => setKind(value)}
      className={`min-h-12 flex-1 rounded-xl border-2 px-4 py-2 font-semibold ${
        kind === value ? "border-brand-700 bg-brand-700 text-white" : "border-slate-400 bg-white text-slate-900"
      }`}
    >
      {label}
    </button>
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <FormField id="kid-username" label="Your name to sign in">
        <input
          id="kid-username"
          name="username"
          type="text"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          className={`${inputClass} min-h-12 text-lg`}
          {...errorProps("kid-username")}
        />
      </FormField>
      <div className="flex gap-3" role="group" aria-label="My secret is">
        {tab("pictures", "Pictures")}
        {tab("password", "Password")}
      </div>
      {kind === "pictures" ? (
        <PicturePicker idPrefix="kid-pictures" legend="Tap your 3 pictures" value={pictures} onChange={setPictures} />
      ) : (
        <FormField id="kid-password" label="Your password">
          <input
            id="kid-password"
            name="password"
            type="password"
            autoComplete="current-password"
            className={`${inputClass} min-h-12 text-lg`}
          />
        </FormField>
      )}
      {answer && !answer.ok ? (
        <p role="alert" className="font-semibold text-red-700">
          {answer.message}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={isBusy}
        aria-busy={isBusy}
        className="min-h-14 w-full rounded-2xl bg-brand-700 px-6 py-3 text-xl font-bold text-white hover:bg-brand-600 disabled:opacity-60"
      >
        Sign in
      </button>
    </form>
  );
}
