import Link from "next/link";

import { timezoneOfUser } from "@/lib/accounts/user-directory";
import { AdminNav } from "@/components/dashboards/admin-nav";
import { ApplicationCard } from "@/components/dashboards/application-card";
import { inputClass } from "@/components/forms/form-field";
import { requirePagePermission } from "@/lib/platform/auth/session";
import { listApplications } from "@/lib/teachers/applications/queries";
import { APPLICATION_STATUSES, APPLICATION_STATUS_LABELS, parseApplicationStatus } from "@/lib/teachers/applications/schema";

import { ListingReviewQueue } from "@/components/teaching/listing-review-queue";
import { listListingsInReview } from "@/lib/teachers/listing-review";

import { reviewListingAction } from "./actions";

export const metadata = { title: "Teacher applications" };

const PATH = "/admin/applications";

/** Issue 4: the admin reads applications from /become-a-teacher and approves or declines them. */
export default async function AdminApplicationsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const actor = await requirePagePermission("applications.decide", PATH);
  const status = parseApplicationStatus((await searchParams).status);
  const [applications, listings, zone] = await Promise.all([
    listApplications(actor, { status }),
    listListingsInReview(actor),
    timezoneOfUser(actor.id),
  ]);
  return (
    <>
      <AdminNav current={PATH} />
      <h1 className="text-3xl font-extrabold text-slate-900">Teacher applications</h1>
      <p className="mt-2 text-slate-700">
        Each application is reviewed with its checks: identity, background check, a sample lesson and the safety policy. Approving (every
        check passed) gives the teacher role and a public page at once; a refusal carries a reason. Both are emailed and recorded.
      </p>

      <section aria-labelledby="listings" className="mt-8">
        <h2 id="listings" className="mb-2 text-xl font-bold text-slate-900">
          First listings in review ({listings.length})
        </h2>
        <p className="mb-3 text-sm text-slate-700">
          A new teacher&rsquo;s sections wait here until one is approved; after that, their sections go on sale as they publish them.
        </p>
        <ListingReviewQueue listings={listings} review={reviewListingAction} />
      </section>

      <form
        method="get"
        action={PATH}
        role="search"
        aria-label="Filter applications"
        className="mt-6 flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4"
      >
        <div>
          <label htmlFor="status" className="block text-sm font-semibold text-slate-800">
            Status
          </label>
          <select id="status" name="status" defaultValue={status ?? ""} className={inputClass}>
            <option value="">Any status (pending first)</option>
            {APPLICATION_STATUSES.map((value) => (
              <option key={value} value={value}>
                {APPLICATION_STATUS_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
          Show
        </button>
        {status ? (
          <Link href={PATH} className="rounded-lg px-4 py-2 font-semibold text-brand-700 underline-offset-2 hover:underline">
            Clear
          </Link>
        ) : null}
      </form>

      <p className="mt-6 text-sm text-slate-700" aria-live="polite">
        {applications.length === 0
          ? status
            ? `No ${APPLICATION_STATUS_LABELS[status].toLowerCase()} applications.`
            : "No applications yet."
          : `${applications.length} application${applications.length === 1 ? "" : "s"}${status ? `, ${APPLICATION_STATUS_LABELS[status].toLowerCase()}` : ""}.`}
      </p>
      <ul className="mt-3 space-y-4">
        {applications.map((application) => (
          <li key={application.id}>
            <ApplicationCard application={application} zone={zone} />
          </li>
        ))}
      </ul>
    </>
  );
}
