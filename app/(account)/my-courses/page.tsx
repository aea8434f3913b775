import Link from "next/link";

import { LeadTable } from "@/components/dashboards/lead-table";
import { VerifyEmailNotice } from "@/components/forms/verify-email-notice";
import { requireUser } from "@/lib/platform/auth/session";
import { listLeadsForAccount } from "@/lib/dashboards/queries";

import { resendVerificationEmailAction } from "./actions";

export const metadata = { title: "My courses" };

export default async function MyCoursesPage() {
  const user = await requireUser("/my-courses");
  // Requests made with the email show once it is verified; before, only those made signed in (security issue: account squatting).
  const requests = await listLeadsForAccount(user);
  return (
    <>
      <h1 className="text-3xl font-extrabold text-slate-900">My courses</h1>
      <p className="mt-2 text-slate-700">
        Every course starts with a free demo class. Here are the demo classes you have asked for
        {user.emailVerified ? ` with ${user.email}` : " while signed in"}; our team moves each one along and enrols you after the demo.
      </p>
      {user.emailVerified ? null : <VerifyEmailNotice email={user.email} resend={resendVerificationEmailAction} />}
      <section aria-labelledby="my-demos" className="mt-8">
        <h2 id="my-demos" className="mb-3 text-xl font-bold text-slate-900">
          Your demo requests
        </h2>
        <LeadTable leads={requests} caption="Your demo requests" showContact={false} />
      </section>
      <p className="mt-8">
        <Link href="/book-free-demo" className="rounded-xl bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700">
          Book a free demo
        </Link>
      </p>
    </>
  );
}
