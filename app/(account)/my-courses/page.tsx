import Link from "next/link";

import { LeadTable } from "@/components/dashboards/lead-table";
import { requireUser } from "@/lib/auth/session";
import { listLeadsForEmail } from "@/lib/dashboards/queries";

export const metadata = { title: "My courses" };

export default async function MyCoursesPage() {
  const user = await requireUser("/my-courses");
  const requests = await listLeadsForEmail(user.email);
  return (
    <>
      <h1 className="text-3xl font-extrabold text-slate-900">My courses</h1>
      <p className="mt-2 text-slate-700">
        Every course starts with a free demo class. Here are the demo classes you have asked for with {user.email}; our team moves
        each one along and enrols you after the demo.
      </p>
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
