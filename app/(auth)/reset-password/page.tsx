import type { Metadata } from "next";
import Link from "next/link";

import { ResetPasswordForm } from "@/components/forms/reset-password-form";
import { AuthCard } from "@/components/ui/auth-card";
import { checkPasswordResetCode } from "@/lib/accounts/accounts";
import { IdentityError } from "@/lib/platform/auth/errors";
import { RESET_LINK_INVALID } from "@/lib/platform/auth/schema";

import { resetPasswordAction } from "./actions";

// The link's code is a key: never indexed, and its URL is redacted from analytics (bearer-urls.ts).
export const metadata: Metadata = { title: "Choose a new password", robots: { index: false, follow: false } };

type Props = { searchParams: Promise<{ oobCode?: string | string[] }> };

/** Where the reset email's link leads: checks the code, then asks for the new password; afterwards, /signin (SPEC 7). */
export default async function ResetPasswordPage({ searchParams }: Props) {
  const { oobCode } = await searchParams;
  const code = typeof oobCode === "string" && oobCode.length > 0 && oobCode.length <= 2000 ? oobCode : null;
  const email = code ? await checkPasswordResetCode(code).catch(refuseOnlyBadCodes) : null;
  if (!code || !email) {
    return (
      <AuthCard title="Choose a new password">
        <p role="alert" className="text-slate-800">
          {RESET_LINK_INVALID}
        </p>
        <Link href="/signin" className="mt-4 inline-block font-semibold text-brand-700 underline">
          Go to log in
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Choose a new password" intro={`For ${email}. Other devices signed in to this account will be signed out.`}>
      <ResetPasswordForm oobCode={code} submit={resetPasswordAction} />
    </AuthCard>
  );
}

/** A wrong, used or expired code reads as "no email"; an unreachable provider is the page's error. */
function refuseOnlyBadCodes(error: unknown): null {
  if (error instanceof IdentityError && error.code !== "IDENTITY_UNAVAILABLE") return null;
  throw error;
}
