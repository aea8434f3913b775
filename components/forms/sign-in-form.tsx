"use client";

import { IntentLink } from "@/components/ui/intent-link";
import { useEffect, useState, useSyncExternalStore } from "react";
import { useForm } from "react-hook-form";

import { afterSignInPath, authPagePath, signInErrorFromUrl, signInWithCredentials, signInWithGoogle } from "@/browser/auth/client-sign-in";
import type { PasswordResetInput, SignInInput } from "@/lib/platform/auth/schema";
import type { ActionResult } from "@/lib/platform/http/action-result";
import { lazyZodResolver } from "@/browser/lazy-zod-resolver";
import { toastError } from "@/browser/toast";

import { errorProps, FormError, FormField, inputClass } from "./form-field";
import { ForgotPassword } from "./forgot-password";
import { SubmitButton } from "./submit-button";

// The same schema as the credentials provider, loaded with the first validation (or focus).
const validation = lazyZodResolver<SignInInput, SignInInput>(async () => (await import("@/lib/platform/auth/schema")).signInSchema);

const noSubscription = () => () => {};

/**
 * `isGoogleEnabled`: Google sign-in is offered only when the server has it configured.
 * `requestReset`: the password-reset server action, for 'Forgot password?'.
 */
export function SignInForm({
  isGoogleEnabled,
  requestReset,
}: {
  isGoogleEnabled: boolean;
  requestReset: (input: PasswordResetInput) => Promise<ActionResult>;
}) {
  const { register, handleSubmit, getValues, formState } = useForm<SignInInput>({
    resolver: validation.resolver,
    defaultValues: { email: "", password: "" },
  });
  const { errors, isSubmitting } = formState;
  const [isResetOpen, setIsResetOpen] = useState(false);
  // undefined until the form is sent: the address's error shows until then.
  const [serverError, setServerError] = useState<string | null | undefined>(undefined);
  // The page is static: the return path is read from the address after hydration.
  const signUpHref = useSyncExternalStore(
    noSubscription,
    () => authPagePath("/signup"),
    () => "/signup",
  );

  // A sign-in that left the site (Google) comes back here with ?error= when it failed; shown until the next try.
  const errorFromUrl = useSyncExternalStore(
    noSubscription,
    () => signInErrorFromUrl(window.location.search),
    () => null,
  );
  // And as a toast (SPEC 9: the outside provider's failure arrives with the page); the form's line stays after it has gone.
  useEffect(() => {
    if (errorFromUrl) void toastError(errorFromUrl);
  }, [errorFromUrl]);

  const onSubmit = async ({ email, password }: SignInInput) => {
    setServerError(null);
    const result = await signInWithCredentials(email, password);
    if (!result.ok) return setServerError(result.message);
    // A full load, so every part of the page (header included) starts from the new session.
    window.location.assign(afterSignInPath(window.location, result.role));
  };

  return (
    <div className="space-y-6">
      <form onSubmit={handleSubmit(onSubmit)} onFocus={validation.preload} noValidate className="space-y-5">
        <FormField id="signin-email" label="Email" error={errors.email?.message}>
          <input
            id="signin-email"
            type="email"
            autoComplete="email"
            className={inputClass}
            {...errorProps("signin-email", errors.email?.message)}
            {...register("email")}
          />
        </FormField>
        <FormField id="signin-password" label="Password" error={errors.password?.message}>
          <input
            id="signin-password"
            type="password"
            autoComplete="current-password"
            className={inputClass}
            {...errorProps("signin-password", errors.password?.message)}
            {...register("password")}
          />
        </FormField>
        <FormError id="signin-error" message={serverError === undefined ? errorFromUrl : serverError} />
        <SubmitButton isBusy={isSubmitting}>Log in</SubmitButton>
      </form>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <button
          type="button"
          className="font-semibold text-brand-700 underline underline-offset-4"
          aria-expanded={isResetOpen}
          onClick={() => setIsResetOpen((v) => !v)}
        >
          Forgot password?
        </button>
        <p className="text-slate-700">
          New here?{" "}
          <IntentLink href={signUpHref} className="font-semibold text-brand-700 underline underline-offset-4">
            Sign up
          </IntentLink>
        </p>
      </div>
      {isResetOpen ? <ForgotPassword initialEmail={getValues("email")} requestReset={requestReset} /> : null}
      {isGoogleEnabled ? (
        <button
          type="button"
          onClick={() => signInWithGoogle(afterSignInPath())}
          className="w-full rounded-xl border border-slate-300 px-5 py-3 font-semibold text-slate-800 hover:border-brand-600"
        >
          Continue with Google
        </button>
      ) : null}
    </div>
  );
}
