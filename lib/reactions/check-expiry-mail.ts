import "server-only";

import { enqueueEmail } from "@/lib/notifications/email";
import { checkExpiringEmail } from "@/lib/notifications/messages/teacher-application";
import { brand } from "@/lib/platform/brand";
import type { Database } from "@/lib/platform/db/client";
import { CHECK_LABELS } from "@/lib/teachers/vetting/check-rules";
import { checksToWarn, markWarned } from "@/lib/teachers/vetting/expiry";

const dayFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });

/**
 * Issue 38, timed work: each teacher whose check expires within 30 days is warned once per expiry
 * (the email's key names the check and its expiry, so a renewal's next expiry warns again). Run by
 * the timed job check-expiry-warnings (lib/reactions/table.ts TIMED_WORK). Returns how many warnings were queued.
 */
export async function queueCheckExpiryWarnings(db: Database, now: Date = new Date()): Promise<number> {
  const due = await checksToWarn(db, now);
  for (const check of due) {
    await db.transaction(async (tx) => {
      const content = checkExpiringEmail({
        readerName: check.teacherName,
        checkLabel: CHECK_LABELS[check.kind],
        expiresOn: `${dayFormat.format(check.expiresAt)} (UTC)`,
        dashboardUrl: `${brand.siteUrl}/teacher/dashboard`,
      });
      await enqueueEmail(tx, `teacher-check:${check.checkId}:expiring:${check.expiresAt.toISOString()}`, {
        ...content,
        to: check.teacherEmail,
      });
      await markWarned(tx, check.checkId, now);
    });
  }
  return due.length;
}
