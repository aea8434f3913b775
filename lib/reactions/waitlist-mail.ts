import "server-only";

import { enqueueEmail } from "@/lib/notifications/email";
import { waitlistOfferEmail, waitlistOfferLapsedEmail } from "@/lib/notifications/messages/waitlist-offer";
import { brand } from "@/lib/platform/brand";
import type { Database } from "@/lib/platform/db/client";
import type { Handler } from "@/lib/platform/events/reactions";
import type { WaitlistEntriesEvent } from "@/lib/scheduling/events";
import { formatInstantInZone } from "@/lib/scheduling/time";
import { waitlistEntriesForMail } from "@/lib/scheduling/waitlist";

const myCoursesUrl = () => `${brand.siteUrl}/my-courses`;

/**
 * waitlist.offered: the parent first in line hears that a seat is held for their child, with the
 * deadline in their zone. Rendered at delivery: an offer already taken, left or closed by then is
 * not mailed. Keyed by the entry, so a second delivery queues nothing.
 */
export async function enqueueWaitlistOfferMail(db: Database, { entryIds }: WaitlistEntriesEvent): Promise<void> {
  for (const entry of await waitlistEntriesForMail(db, entryIds)) {
    if (entry.status !== "offered" || !entry.offerExpiresAt) continue;
    const content = waitlistOfferEmail({
      readerName: entry.parentName,
      learnerName: entry.learnerName,
      courseTitle: entry.courseTitle,
      until: formatInstantInZone(entry.offerExpiresAt, entry.parentZone ?? entry.sectionZone),
      myCoursesUrl: myCoursesUrl(),
    });
    await enqueueEmail(db, `waitlist:${entry.entryId}:offer`, { ...content, to: entry.parentEmail });
  }
}

/** waitlist.offer-lapsed: the parent whose offer ran out hears that the seat went on, once per entry. */
export async function enqueueWaitlistLapsedMail(db: Database, { entryIds }: WaitlistEntriesEvent): Promise<void> {
  for (const entry of await waitlistEntriesForMail(db, entryIds)) {
    if (entry.status !== "lapsed" || !entry.offerExpiresAt) continue;
    const content = waitlistOfferLapsedEmail({
      readerName: entry.parentName,
      learnerName: entry.learnerName,
      courseTitle: entry.courseTitle,
      until: formatInstantInZone(entry.offerExpiresAt, entry.parentZone ?? entry.sectionZone),
      myCoursesUrl: myCoursesUrl(),
    });
    await enqueueEmail(db, `waitlist:${entry.entryId}:lapsed`, { ...content, to: entry.parentEmail });
  }
}

export const waitlistOfferMail: Handler<WaitlistEntriesEvent> = { name: "waitlist-offer-mail", handle: enqueueWaitlistOfferMail };
export const waitlistLapsedMail: Handler<WaitlistEntriesEvent> = { name: "waitlist-lapsed-mail", handle: enqueueWaitlistLapsedMail };
