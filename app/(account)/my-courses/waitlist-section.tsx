import { WaitlistEntries } from "@/components/waitlist/waitlist-entries";
import { familyWaitlist } from "@/lib/scheduling/waitlist";
import { zoneLabel } from "@/lib/scheduling/zone-name";

import { acceptWaitlistOfferAction, leaveWaitlistAction } from "../waitlist/actions";

/** Issue 27's part of /my-courses: the family's places in line, and any seat offered with its deadline and Enrol now. */
export async function WaitlistSection({ userId, timezone }: { userId: number; timezone: string }) {
  const entries = await familyWaitlist(userId, timezone);
  if (entries.length === 0) return null;
  return (
    <section aria-labelledby="my-waitlists" className="mt-10">
      <h2 id="my-waitlists" className="mb-1 text-xl font-bold text-slate-900">
        Your waitlists
      </h2>
      <p className="mb-3 text-sm text-slate-700">Times in {zoneLabel(timezone)}.</p>
      <WaitlistEntries entries={entries} leave={leaveWaitlistAction} enrol={acceptWaitlistOfferAction} />
    </section>
  );
}
