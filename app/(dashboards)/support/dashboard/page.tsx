import Link from "next/link";

import { ReviewModeration } from "@/components/classroom/review-moderation";
import { LeadFiltersForm } from "@/components/dashboards/lead-filters";
import { QueueTable } from "@/components/dashboards/queue-table";
import { listPendingReviews } from "@/lib/classroom/reviews";
import { can } from "@/lib/platform/auth/permissions";
import { requirePagePermission } from "@/lib/platform/auth/session";
import { ThreadList } from "@/components/messages/thread-list";
import { listThreads } from "@/lib/messages/threads";
import { formatInstantInZone } from "@/lib/scheduling/time";
import { FALLBACK_TIMEZONE, findUserTimezone } from "@/lib/teachers/profiles";
import { moderateReviewAction } from "../review-actions";
import { leadFiltersQuery, parseLeadFilters } from "@/lib/demo-requests/queue-schema";
import { listCourseFilterOptions, listLeadQueue, QUEUE_COUNT_CAP } from "@/lib/demo-requests/queue";

export const metadata = { title: "Support dashboard" };

const PATH = "/support/dashboard";

/** The lead queue (issue 4): 'Our team will reach you in 24hrs.' made visible. */
export default async function SupportDashboardPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const actor = await requirePagePermission("leads.read", PATH);
  const filters = parseLeadFilters(await searchParams);
  const now = new Date();
  const [page, courses, flagged, zone] = await Promise.all([
    listLeadQueue(actor, filters, now),
    listCourseFilterOptions(),
    listThreads(actor, { flaggedOnly: true, limit: 20 }),
    findUserTimezone(actor.id),
  ]);
  const exportHref = `/api/support/demo-requests/export${leadFiltersQuery(filters)}`;
  return (
    <>
      <h1 className="text-3xl font-extrabold text-slate-900">Support dashboard</h1>
      <p className={`mt-4 rounded-xl p-4 font-semibold ${page.overdue > 0 ? "bg-amber-100 text-amber-950" : "bg-green-50 text-green-900"}`}>
        {page.overdue === 0 ? (
          "Every new demo request is within the 24-hour promise."
        ) : (
          <>
            {page.overdue} new demo request{page.overdue === 1 ? "" : "s"} waiting more than 24 hours.{" "}
            <Link href={`${PATH}?status=overdue`} className="underline underline-offset-2">
              Show them
            </Link>
          </>
        )}
      </p>
      <section aria-labelledby="flagged-messages" className="mt-8">
        <h2 id="flagged-messages" className="mb-1 text-xl font-bold text-slate-900">
          Flagged messages
        </h2>
        <p className="mb-3 text-sm text-slate-700">
          Conversations with a message whose contact details were masked: read the original, hide a message or block the conversation.{" "}
          <Link href="/share-a-message" className="font-semibold text-brand-700 underline underline-offset-4">
            Every conversation
          </Link>
          .
        </p>
        <ThreadList
          threads={flagged}
          formatTime={(instant) => formatInstantInZone(instant, zone ?? FALLBACK_TIMEZONE)}
          showFamily
          emptyText="No flagged messages."
        />
      </section>
      <section aria-labelledby="queue" className="mt-8">
        <div className="mb-3 flex flex-wrap items-baseline justify-between gap-3">
          <h2 id="queue" className="text-xl font-bold text-slate-900">
            Demo requests{" "}
            <span className="text-base font-normal text-slate-700">
              ({page.total > QUEUE_COUNT_CAP ? `${QUEUE_COUNT_CAP.toLocaleString("en-US")}+` : page.total.toLocaleString("en-US")} matching)
            </span>
          </h2>
          <a
            href={exportHref}
            className="rounded-lg border border-brand-600 px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50"
            download
          >
            Export CSV
          </a>
        </div>
        <LeadFiltersForm filters={filters} courses={courses} action={PATH} />
        <div className="mt-4">
          <QueueTable leads={page.leads} now={now} zone={zone ?? FALLBACK_TIMEZONE} />
        </div>
        <nav aria-label="Queue pages" className="mt-4 flex gap-4">
          {filters.after ? (
            <Link href={`${PATH}${leadFiltersQuery(filters)}`} className="font-semibold text-brand-700 underline underline-offset-2">
              Newest
            </Link>
          ) : null}
          {page.nextAfter ? (
            <Link
              href={`${PATH}${leadFiltersQuery(filters, { after: page.nextAfter })}`}
              className="font-semibold text-brand-700 underline underline-offset-2"
            >
              Older requests
            </Link>
          ) : null}
        </nav>
      </section>
      {can(actor.role, "reviews.moderate") ? (
        <ReviewModeration reviews={await listPendingReviews(actor)} action={moderateReviewAction} />
      ) : null}
    </>
  );
}
