import Link from "next/link";
import { redirect } from "next/navigation";

import { LearnerSignInForm } from "@/components/learner/learner-sign-in-form";
import { currentLearner } from "@/lib/learner-access/session";
import { pageMetadata } from "@/lib/platform/seo";

import { learnerSignInAction } from "./actions";

export const metadata = pageMetadata({
  title: "Kids sign in",
  description: "Children sign in here with the username and password or pictures their parent set.",
  path: "/kids",
});

/** The children's sign-in: a username, then the pictures (or the password) their parent set. */
export default async function KidsSignInPage() {
  if (await currentLearner()) redirect("/learn");
  return (
    <>
      <h1 className="text-3xl font-extrabold text-slate-900">Hi! Sign in here</h1>
      <p className="mt-2 text-slate-800">Your grown-up gave you a name and a secret.</p>
      <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <LearnerSignInForm signIn={learnerSignInAction} />
      </div>
      <p className="mt-8 text-base text-slate-700">
        A parent?{" "}
        <Link href="/signin" className="font-semibold text-brand-700 underline underline-offset-4">
          Log in here
        </Link>
        .
      </p>
    </>
  );
}
