import Link from "next/link";

import { SignInForm } from "@/components/forms/sign-in-form";
import { AuthCard } from "@/components/ui/auth-card";
import { identityConfig } from "@/lib/platform/auth/config";
import { brand } from "@/lib/platform/brand";
import { pageMetadata } from "@/lib/platform/seo";

import { requestPasswordResetAction } from "./actions";

export const metadata = pageMetadata({
  title: "Log in",
  description: `Log in to ${brand.name} to see your courses, manage your profile and book classes.`,
  path: "/signin",
});

export default function SignInPage() {
  return (
    <AuthCard title="Log in" intro={`Welcome back to ${brand.name}.`}>
      <SignInForm isGoogleEnabled={identityConfig.google !== null} requestReset={requestPasswordResetAction} />
      <p className="mt-6 border-t border-slate-200 pt-4 text-slate-800">
        A child with a sign-in from their parent?{" "}
        <Link href="/kids" className="font-semibold text-brand-700 underline underline-offset-4">
          Kids sign in here
        </Link>
      </p>
    </AuthCard>
  );
}
