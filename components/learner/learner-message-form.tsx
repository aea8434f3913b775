"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";

import { callAction } from "@/browser/call-action";
import { inputClass } from "@/components/forms/form-field";
import { MESSAGE_MAX_CHARS } from "@/lib/messages/schema";
import type { ActionResult } from "@/lib/platform/http/action-result";

/** A big box and a big Send: the child's message to the teacher. */
export function LearnerMessageForm({
  bookingId,
  send,
}: {
  bookingId: string;
  send: (bookingId: string, body: string) => Promise<ActionResult>;
}) {
  const router = useRouter();
  const [answer, setAnswer] = useState<ActionResult | null>(null);
  const [isBusy, setIsBusy] = useState(false);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const body = String(new FormData(form).get("body") ?? "");
    setIsBusy(true);
    const result = await callAction((text: string) => send(bookingId, text), body);
    setIsBusy(false);
    setAnswer(result);
    if (result.ok) {
      form.reset();
      router.refresh();
    }
  };
  return (
    <form onSubmit={onSubmit} noValidate className="mt-8 space-y-3">
      <label htmlFor="learner-message" className="block text-xl font-bold text-slate-900">
        Your message
      </label>
      <textarea id="learner-message" name="body" rows={4} maxLength={MESSAGE_MAX_CHARS} className={`${inputClass} text-lg`} />
      {answer ? (
        <p role={answer.ok ? "status" : "alert"} className={`font-semibold ${answer.ok ? "text-slate-900" : "text-red-700"}`}>
          {answer.message}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={isBusy}
        aria-busy={isBusy}
        className="min-h-14 w-full rounded-2xl bg-brand-700 px-6 py-3 text-xl font-bold text-white hover:bg-brand-600 disabled:opacity-60"
      >
        Send
      </button>
    </form>
  );
}
