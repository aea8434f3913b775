"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";

import { refreshAuthState } from "@/browser/auth/auth-state";
import { profileSchema } from "@/lib/platform/auth/schema";
import { callAction } from "@/browser/call-action";
import type { ActionResult } from "@/lib/platform/http/action-result";
import { toastError, toastSuccess } from "@/browser/toast";

import { errorProps, FormField, inputClass } from "./form-field";
import { SubmitButton } from "./submit-button";

type Values = z.infer<typeof profileSchema>;

export function ProfileForm({
  displayName,
  email,
  submit,
}: {
  displayName: string;
  email: string;
  submit: (input: Values) => Promise<ActionResult>;
}) {
  const { register, handleSubmit, formState } = useForm<Values>({ resolver: zodResolver(profileSchema), defaultValues: { displayName } });
  const onSubmit = async (values: Values) => {
    const result = await callAction(submit, values);
    if (!result.ok) return toastError(result.message);
    // The header shows the new name at once.
    await refreshAuthState();
    await toastSuccess(result.message);
  };
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-5">
      <div>
        <p className="text-sm font-semibold text-slate-800">Email</p>
        <p className="mt-1 text-slate-700">{email}</p>
      </div>
      <FormField id="profile-name" label="Display name" error={formState.errors.displayName?.message}>
        <input
          id="profile-name"
          type="text"
          autoComplete="name"
          className={inputClass}
          {...errorProps("profile-name", formState.errors.displayName?.message)}
          {...register("displayName")}
        />
      </FormField>
      <SubmitButton isBusy={formState.isSubmitting}>Save profile</SubmitButton>
    </form>
  );
}
