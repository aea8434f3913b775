"use client";

import { IntentLink } from "@/components/ui/intent-link";
import { useState, useSyncExternalStore } from "react";
import { useForm } from "react-hook-form";

import { afterSignInPath, authPagePath, signInWithCredentials } from "@/browser/auth/client-sign-in";
import { NEW_PASSWORD_HINT } from "@/lib/platform/auth/password-rules";
import type { SignUpInput } from "@/lib/platform/auth/schema";
import type { ActionResult } from "@/lib/platform/http/action-result";
import { lazyZodResolver } from "@/browser/lazy-zod-resolver";
import { callAction } from "@/browser/call-action";
import { browserTimeZone } from "@/browser/time-zone";

import { rememberSignUpEmail } from "@/components/shell/check-email-notice";

import { errorProps, FormError, FormField, inputClass } from "./form-field";
import { SubmitButton } from "./submit-button";

// The same schema as the sign-up action (app/(auth)/signup/actions.ts), loaded with the first validation (or focus).
const validation = lazyZodResolver<SignUpInput, SignUpInput>(async () => (await import("@/lib/platform/auth/schema")).signUpSchema);

const noSubscription = () => () => {};

/** `submit`: the sign-up server action, handed in by the page; it gets the browser's zone beside the fields. */
export function SignUpForm({ submit }: { submit: (input: SignUpInput & { timezone: string }) => Promise<ActionResult> }) {
  // Filled after hydration (the server knows no browser's zone); the account starts in it.
  const timezone = useSyncExternalStore(noSubscription, browserTimeZone, () => "");
  // The page is static: the return path is read from the address after hydration.
  const signInHref = useSyncExternalStore(
    noSubscription,
    () => authPagePath("/signin"),
    () => "/signin",
  );
  const { register, handleSubmit, formState } = useForm<SignUpInput>({
    resolver: validation.resolver,
    defaultValues: { displayName: "", email: "", password: "" },
  });
  const { errors, isSubmitting } = formState;
  const [serverError, setServerError] = useState<string | null>(null);

  const onSubmit = async (values: SignUpInput) => {
    setServerError(null);
    const created = await callAction(submit, { ...values, timezone });
    if (!created.ok) return setServerError(created.message);
    const signedIn = await signInWithCredentials(values.email, values.password);
    if (!signedIn.ok) return setServerError(signedIn.message);
    // The next page opens with "check your email" (components/shell/check-email-notice.tsx).
    rememberSignUpEmail(values.email);
    window.location.assign(afterSignInPath(window.location, signedIn.role));
  };

  return (
    <div className="space-y-6">
      <form onSubmit={handleSubmit(onSubmit)} onFocus={validation.preload} noValidate className="space-y-5">
        <input type="hidden" name="timezone" value={timezone} />
        <FormField id="signup-name" label="Your name" error={errors.displayName?.message}>
          <input
            id="signup-name"
            type="text"
            autoComplete="name"
            className={inputClass}
            {...errorProps("signup-name", errors.displayName?.message)}
            {...register("displayName")}
          />
        </FormField>
        <FormField id="signup-email" label="Email" error={errors.email?.message}>
          <input
            id="signup-email"
            type="email"
            autoComplete="email"
            className={inputClass}
            {...errorProps("signup-email", errors.email?.message)}
            {...register("email")}
          />
        </FormField>
        <FormField id="signup-password" label="Password" hint={NEW_PASSWORD_HINT} error={errors.password?.message}>
          <input
            id="signup-password"
            type="password"
            autoComplete="new-password"
            className={inputClass}
            {...errorProps("signup-password", errors.password?.message)}
            {...register("password")}
          />
        </FormField>
        <FormError id="signup-error" message={serverError} />
        <SubmitButton isBusy={isSubmitting}>Create account</SubmitButton>
      </form>
      <p className="text-sm text-slate-700">
        Already have an account?{" "}
        <IntentLink href={signInHref} className="font-semibold text-brand-700 underline underline-offset-4">
          Log in
        </IntentLink>
      </p>
    </div>
  );
}
