"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import type { z } from "zod";

import { deleteAccountSchema } from "@/lib/platform/auth/schema";
import { callAction } from "@/browser/call-action";
import type { ActionResult } from "@/lib/platform/http/action-result";
import { toastError } from "@/browser/toast";

import { errorProps, FormField, inputClass } from "./form-field";
import { SubmitButton } from "./submit-button";

type Values = z.infer<typeof deleteAccountSchema>;

export function DeleteAccountForm({ submit }: { submit: (input: Values) => Promise<ActionResult> }) {
  const { register, handleSubmit, formState } = useForm<Values>({
    resolver: zodResolver(deleteAccountSchema),
    defaultValues: { password: "" },
  });
  const onSubmit = async (values: Values) => {
    const result = await callAction(submit, values);
    if (!result.ok) return toastError(result.message);
    const { signOut } = await import("next-auth/react");
    await signOut({ redirect: false });
    // A full page load, not a client navigation: the deleted account's pages in the router's cache go too.
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    window.location.assign("/");
  };
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-5">
      <FormField id="delete-password" label="Your password" hint="(to confirm it is you)" error={formState.errors.password?.message}>
        <input
          id="delete-password"
          type="password"
          autoComplete="current-password"
          className={inputClass}
          {...errorProps("delete-password", formState.errors.password?.message)}
          {...register("password")}
        />
      </FormField>
      <SubmitButton isBusy={formState.isSubmitting} tone="danger">
        Delete my account
      </SubmitButton>
    </form>
  );
}
