"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";

import { refreshAuthState } from "@/browser/auth/auth-state";
import { signInWithCredentials } from "@/browser/auth/client-sign-in";
import { NEW_PASSWORD_HINT } from "@/lib/platform/auth/password-rules";
import { passwordChangeSchema } from "@/lib/platform/auth/schema";
import { callAction } from "@/browser/call-action";
import type { ActionResult } from "@/lib/platform/http/action-result";
import { toastError, toastSuccess } from "@/browser/toast";

import { errorProps, FormField, inputClass } from "./form-field";
import { SubmitButton } from "./submit-button";

type Values = z.input<typeof passwordChangeSchema>;

/** Re-authenticate with the current password, then update (SPEC 7); the session is renewed with the new one. */
export function PasswordForm({ email, submit }: { email: string; submit: (input: Values) => Promise<ActionResult> }) {
  const { register, handleSubmit, reset, formState } = useForm<Values>({
    resolver: zodResolver(passwordChangeSchema),
    defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
  });
  const { errors } = formState;
  const onSubmit = async (values: Values) => {
    const result = await callAction(submit, values);
    if (!result.ok) return toastError(result.message);
    // Sessions issued before the change have ended; this one continues with the new password.
    const renewed = await signInWithCredentials(email, values.newPassword);
    if (!renewed.ok) return toastError(renewed.message);
    await refreshAuthState();
    reset();
    await toastSuccess(result.message);
  };
  const field = (name: keyof Values, id: string, label: string, autoComplete: string, hint?: string) => (
    <FormField id={id} label={label} hint={hint} error={errors[name]?.message}>
      <input
        id={id}
        type="password"
        autoComplete={autoComplete}
        className={inputClass}
        {...errorProps(id, errors[name]?.message)}
        {...register(name)}
      />
    </FormField>
  );
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-5">
      {field("currentPassword", "password-current", "Current password", "current-password")}
      {field("newPassword", "password-new", "New password", "new-password", NEW_PASSWORD_HINT)}
      {field("confirmPassword", "password-confirm", "Confirm new password", "new-password")}
      <SubmitButton isBusy={formState.isSubmitting}>Change password</SubmitButton>
    </form>
  );
}
