"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";

import { callAction } from "@/browser/call-action";
import { toastError } from "@/browser/toast";
import { NEW_PASSWORD_HINT } from "@/lib/platform/auth/password-rules";
import { passwordResetConfirmSchema } from "@/lib/platform/auth/schema";
import type { ActionResult } from "@/lib/platform/http/action-result";

import { errorProps, FormField, inputClass } from "./form-field";
import { SubmitButton } from "./submit-button";

type Values = z.input<typeof passwordResetConfirmSchema>;

/** The new password from the reset email's link; once set, the way back to /signin (SPEC 7). */
export function ResetPasswordForm({ oobCode, submit }: { oobCode: string; submit: (input: Values) => Promise<ActionResult> }) {
  const [done, setDone] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<Values>({
    resolver: zodResolver(passwordResetConfirmSchema),
    defaultValues: { oobCode, newPassword: "", confirmPassword: "" },
  });
  const { errors } = formState;
  const onSubmit = async (values: Values) => {
    const result = await callAction(submit, values);
    if (!result.ok) return toastError(result.message);
    setDone(result.message);
  };
  if (done) {
    return (
      <div role="status">
        <p className="text-slate-800">{done}</p>
        <Link href="/signin" className="mt-4 inline-block rounded-xl bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700">
          Log in
        </Link>
      </div>
    );
  }
  const field = (name: "newPassword" | "confirmPassword", id: string, label: string, hint?: string) => (
    <FormField id={id} label={label} hint={hint} error={errors[name]?.message}>
      <input
        id={id}
        type="password"
        autoComplete="new-password"
        className={inputClass}
        {...errorProps(id, errors[name]?.message)}
        {...register(name)}
      />
    </FormField>
  );
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-5">
      <input type="hidden" {...register("oobCode")} />
      {errors.oobCode?.message ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {errors.oobCode.message}
        </p>
      ) : null}
      {field("newPassword", "reset-password-new", "New password", NEW_PASSWORD_HINT)}
      {field("confirmPassword", "reset-password-confirm", "Confirm new password")}
      <SubmitButton isBusy={formState.isSubmitting}>Set new password</SubmitButton>
    </form>
  );
}
