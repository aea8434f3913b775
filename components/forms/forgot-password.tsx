"use client";

import { useForm } from "react-hook-form";

import type { PasswordResetInput } from "@/lib/platform/auth/schema";
import type { ActionResult } from "@/lib/platform/http/action-result";
import { lazyZodResolver } from "@/browser/lazy-zod-resolver";
import { callAction } from "@/browser/call-action";
import { toastError, toastSuccess } from "@/browser/toast";

import { errorProps, FormField, inputClass } from "./form-field";
import { SubmitButton } from "./submit-button";

/** Sends the password reset email; its link returns to /signin (SPEC 7). */
const validation = lazyZodResolver<PasswordResetInput, PasswordResetInput>(
  async () => (await import("@/lib/platform/auth/schema")).passwordResetSchema,
);

export function ForgotPassword({
  initialEmail,
  requestReset,
}: {
  initialEmail: string;
  requestReset: (input: PasswordResetInput) => Promise<ActionResult>;
}) {
  const { register, handleSubmit, formState } = useForm<PasswordResetInput>({
    resolver: validation.resolver,
    defaultValues: { email: initialEmail },
  });
  const onSubmit = async (values: PasswordResetInput) => {
    const result = await callAction(requestReset, values);
    if (result.ok) await toastSuccess(result.message);
    else await toastError(result.message);
  };
  return (
    <form
      onSubmit={handleSubmit(onSubmit)}
      onFocus={validation.preload}
      noValidate
      className="space-y-4 rounded-xl bg-brand-50 p-4"
      aria-label="Reset your password"
    >
      <p className="text-sm text-slate-800">Enter your email and we will send you a link to choose a new password.</p>
      <FormField id="reset-email" label="Email for the reset link" error={formState.errors.email?.message}>
        <input
          id="reset-email"
          type="email"
          autoComplete="email"
          className={inputClass}
          {...errorProps("reset-email", formState.errors.email?.message)}
          {...register("email")}
        />
      </FormField>
      <SubmitButton isBusy={formState.isSubmitting}>Send reset link</SubmitButton>
    </form>
  );
}
