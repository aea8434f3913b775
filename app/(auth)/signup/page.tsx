import { SignUpForm } from "@/components/forms/sign-up-form";
import { AuthCard } from "@/components/ui/auth-card";
import { safeCallbackUrl } from "@/lib/platform/auth/guard";
import { brand } from "@/lib/platform/brand";
import { pageMetadata } from "@/lib/platform/seo";

import { signUpAction } from "./actions";

export const metadata = pageMetadata({
  title: "Sign up",
  description: `Create your ${brand.name} account to manage your child's live classes, profile and ${brand.name} Cash.`,
  path: "/signup",
});

/** Where "Become a teacher" sends a signed-out visitor (SPEC 4 keeps the query: ?callbackUrl=/become-a-teacher). */
const TEACHING_PATH = "/become-a-teacher";

export default async function SignUpPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { callbackUrl } = await searchParams;
  // Issue 38: a visitor who came to teach is spoken to as a teacher; the account is the same kind.
  // Read after the one rule for return paths (issue 1), though it only chooses the page's words.
  const isTeaching = typeof callbackUrl === "string" && safeCallbackUrl(callbackUrl).startsWith(TEACHING_PATH);
  return isTeaching ? (
    <AuthCard
      title="Teach with us: create your account"
      intro="First an account, then your application to teach: your subjects, experience and hours. We email you when it arrives and again once your checks are done."
    >
      <SignUpForm submit={signUpAction} />
    </AuthCard>
  ) : (
    <AuthCard title="Create your account" intro="It takes a minute. You can book a free demo class right after.">
      <SignUpForm submit={signUpAction} />
    </AuthCard>
  );
}
