"use client";

import { useRouter } from "next/navigation";

import { useSubmitAction } from "@/components/forms/use-submit-action";
import { ACCEPTED_MEDIA_TYPES, HOMEWORK_LIMITS, megabytes } from "@/lib/homework/limits";
import type { ActionResult } from "@/lib/platform/http/action-result";

import { Field, fieldClass, FormStatus, submitClass } from "./field";

/**
 * Handing in a task for one child: an answer, a link, or pictures and PDF files. The server checks
 * each file by its content and the limits; a refusal keeps what was typed.
 */
export function HandInForm({
  childName,
  isAgain,
  action,
}: {
  childName: string;
  isAgain: boolean;
  action: (data: FormData) => Promise<ActionResult>;
}) {
  const router = useRouter();
  const { onSubmit, isPending, result, errorOf } = useSubmitAction(withoutUnchosenFiles(action), () => router.refresh());
  return (
    <form onSubmit={onSubmit} aria-busy={isPending} className="space-y-4" noValidate aria-label={`Hand in for ${childName}`}>
      <fieldset disabled={isPending} className="contents">
        <Field id="hand-in-text" label="Answer (optional)" error={errorOf("text")}>
          {(aria) => <textarea name="text" rows={5} maxLength={HOMEWORK_LIMITS.text} className={fieldClass} {...aria} />}
        </Field>
        <Field
          id="hand-in-link"
          label="Link to the work (optional)"
          hint="A link to a site on our list reaches the teacher at once; others wait for our support team."
          error={errorOf("link")}
        >
          {(aria) => (
            <input
              name="link"
              type="url"
              inputMode="url"
              placeholder="https://"
              maxLength={HOMEWORK_LIMITS.link}
              className={fieldClass}
              {...aria}
            />
          )}
        </Field>
        <Field
          id="hand-in-files"
          label="Photos or PDF files (optional)"
          hint={`Pictures (PNG, JPEG, GIF, WebP) or PDF; up to ${HOMEWORK_LIMITS.files} files, ${megabytes(HOMEWORK_LIMITS.fileBytes)} each.`}
          error={errorOf("files")}
        >
          {(aria) => <input name="files" type="file" multiple accept={ACCEPTED_MEDIA_TYPES.join(",")} className={fieldClass} {...aria} />}
        </Field>
        <button type="submit" className={submitClass}>
          {isAgain ? "Hand in again" : "Hand in"}
        </button>
      </fieldset>
      <FormStatus result={result} />
    </form>
  );
}

/**
 * A file input left empty is sent as a nameless, empty file, which the server would refuse as an
 * empty file: a text-only hand-in drops it here (the server-side filter alone did not catch it once
 * the form's data went through the server action's encoding).
 */
function withoutUnchosenFiles(action: (data: FormData) => Promise<ActionResult>) {
  return (data: FormData) => {
    const chosen = data.getAll("files").filter((value) => typeof value === "string" || value.size > 0 || value.name !== "");
    data.delete("files");
    for (const file of chosen) data.append("files", file);
    return action(data);
  };
}
