import "server-only";

import { and, eq, gt, inArray, isNull, lte } from "drizzle-orm";

import { enqueueEmail } from "@/lib/notifications/email";
import { supportLeadWaitingEmail } from "@/lib/notifications/messages/support-lead-waiting";
import { brand } from "@/lib/platform/brand";
import type { Database } from "@/lib/platform/db/client";
import { courses, demoRequests, outbox } from "@/lib/platform/db/schema";
import { formatInstantInZone } from "@/lib/scheduling/time";

/**
 * SPEC 9 promises a reply within 24 hours. A lead nobody has taken (no assignee column exists:
 * "taken" means it left "new", which sets first_contacted_at) at half of that is announced to the
 * support address, once per lead. Leads older than two days are left alone, so the first start
 * after this ships does not mail the whole backlog.
 */
export const LEAD_ALERT_AFTER_MS = 12 * 60 * 60_000;
const LEAD_ALERT_UNTIL_MS = 48 * 60 * 60_000;

export const leadAlertKey = (id: string) => `lead_waiting:${id}`;

export async function queueWaitingLeadAlerts(db: Database, now: Date = new Date()): Promise<number> {
  const waiting = await db
    .select({ id: demoRequests.id, createdAt: demoRequests.createdAt, courseTitle: courses.title })
    .from(demoRequests)
    .leftJoin(courses, eq(courses.id, demoRequests.courseId))
    .where(
      and(
        eq(demoRequests.status, "new"),
        isNull(demoRequests.firstContactedAt),
        lte(demoRequests.createdAt, new Date(now.getTime() - LEAD_ALERT_AFTER_MS)),
        gt(demoRequests.createdAt, new Date(now.getTime() - LEAD_ALERT_UNTIL_MS)),
      ),
    );
  if (waiting.length === 0) return 0;
  const queued = new Set(
    (
      await db
        .select({ key: outbox.dedupeKey })
        .from(outbox)
        .where(
          inArray(
            outbox.dedupeKey,
            waiting.map((lead) => `email:${leadAlertKey(lead.id)}`),
          ),
        )
    ).map((row) => row.key),
  );
  let count = 0;
  for (const lead of waiting) {
    if (queued.has(`email:${leadAlertKey(lead.id)}`)) continue;
    const content = supportLeadWaitingEmail({
      hoursWaiting: Math.floor((now.getTime() - lead.createdAt.getTime()) / 3_600_000),
      courseTitle: lead.courseTitle,
      receivedAt: formatInstantInZone(lead.createdAt, "UTC"),
      queueUrl: `${brand.siteUrl}/support/requests/${lead.id}`,
    });
    await enqueueEmail(db, leadAlertKey(lead.id), { ...content, to: brand.supportEmail });
    count += 1;
  }
  return count;
}
