import { SignUpForm } from "@/components/forms/sign-up-form";
import { AuthCard } from "@/components/ui/auth-card";
import { brand } from "@/lib/platform/brand";
import { pageMetadata } from "@/lib/platform/seo";

import { signUpAction } from "./actions";

export const metadata = pageMetadata({
  title: "Sign up",
  description: `Create your ${brand.name} account to manage your child's live classes, profile and ${brand.name} Cash.`,
  path: "/signup",
});

export default function SignUpPage() {
  return (
    <AuthCard title="Create your account" intro="It takes a minute. You can book a free demo class right after.">
      <SignUpForm submit={signUpAction} />
    </AuthCard>
  );
}
