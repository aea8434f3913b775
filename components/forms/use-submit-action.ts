"use client";

import { useState, useTransition, type FormEvent } from "react";

import { callAction } from "@/browser/call-action";
import { toastError, toastSuccess } from "@/browser/toast";
import type { ActionResult } from "@/lib/platform/http/action-result";

/**
 * A form that posts its FormData to a server action on submit, without React's reset of a form
 * action (a refused form keeps what was typed), and keeps the answer's field messages for the fields.
 */
export function useSubmitAction(action: (data: FormData) => Promise<ActionResult>, onSuccess?: () => void) {
  const [result, setResult] = useState<ActionResult | null>(null);
  const [isPending, startTransition] = useTransition();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    startTransition(async () => {
      const answer = await callAction(action, data);
      setResult(answer);
      if (answer.ok) {
        void toastSuccess(answer.message);
        onSuccess?.();
      } else {
        void toastError(answer.message);
        // Focus the first field with a message in the form's own order, so a keyboard or screen-reader user lands on it.
        const named = new Set(Object.keys(answer.fieldErrors ?? {}));
        const field = [...form.elements].find(
          (element): element is HTMLElement => element instanceof HTMLElement && named.has(element.getAttribute("name") ?? ""),
        );
        field?.focus();
      }
    });
  };
  const errorOf = (field: string) => (result && !result.ok ? result.fieldErrors?.[field] : undefined);
  return { onSubmit, isPending, result, errorOf };
}
