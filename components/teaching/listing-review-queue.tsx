import Link from "next/link";

import { inputClass } from "@/components/forms/form-field";
import { ActionForm } from "@/components/teaching/action-form";
import type { ActionResult } from "@/lib/platform/http/action-result";
import { formatPrice } from "@/lib/scheduling/weekly-times";
import type { ListingInReview } from "@/lib/teachers/listing-review";

/** Issue 38: new teachers' first listings, each with the teacher's record, to approve (on sale) or return with a note. */
export function ListingReviewQueue({
  listings,
  review,
}: {
  listings: ListingInReview[];
  review: (data: FormData) => Promise<ActionResult>;
}) {
  if (listings.length === 0) return <p className="text-slate-700">No listing is waiting for review.</p>;
  return (
    <ul className="space-y-4">
      {listings.map((listing) => (
        <li key={listing.sectionId}>
          <article aria-label={`${listing.courseTitle} by ${listing.teacherName}`} className="rounded-xl border border-slate-200 p-4">
            <h3 className="font-bold text-slate-900">
              {listing.courseTitle} · {listing.teacherName}
            </h3>
            <p className="mt-1 text-sm text-slate-700">
              {formatPrice(listing.priceMinor, listing.currency)} · {listing.teacherEmail} ·{" "}
              <Link href={`/admin/sections/${listing.sectionId}`} className="text-brand-700 underline underline-offset-2">
                the section
              </Link>{" "}
              ·{" "}
              <Link href={`/teachers/${listing.teacherSlug}`} className="text-brand-700 underline underline-offset-2">
                public page
              </Link>
              {listing.applicationId ? (
                <>
                  {" "}
                  ·{" "}
                  <Link href={`/admin/applications/${listing.applicationId}`} className="text-brand-700 underline underline-offset-2">
                    application and checks
                  </Link>
                </>
              ) : null}
            </p>
            <div className="mt-3 grid gap-4 sm:grid-cols-2">
              <ActionForm action={review} submitLabel="Approve listing" label={`Approve ${listing.courseTitle} by ${listing.teacherName}`}>
                <input type="hidden" name="sectionId" value={listing.sectionId} />
                <input type="hidden" name="decision" value="approve" />
              </ActionForm>
              <ActionForm action={review} submitLabel="Return to draft" label={`Return ${listing.courseTitle}`} tone="secondary">
                <input type="hidden" name="sectionId" value={listing.sectionId} />
                <input type="hidden" name="decision" value="return" />
                <label className="block text-sm">
                  <span className="font-semibold text-slate-800">Note to the teacher</span>
                  <textarea name="note" rows={2} maxLength={1000} className={inputClass} />
                </label>
              </ActionForm>
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}
