import "server-only";

import { getDb, type Database } from "@/lib/platform/db/client";
import { deliverOutbox } from "@/lib/platform/outbox/worker";
import { lapseExpiredOffers } from "@/lib/scheduling/waitlist";
import { announceLapsedClearances } from "@/lib/teachers/vetting/expiry";

import { queueCheckExpiryWarnings } from "./check-expiry-mail";
import { queueDemoFollowUps } from "./demo-follow-up";
import { queueHomeworkReminders } from "./homework-mail";
import { queueWaitingLeadAlerts } from "./lead-alerts";
import { queueDueReminders } from "./reminders";
import { queueWeeklyDigests } from "./weekly-digest";

/** Every minute: a reminder goes within a minute of its time. Scans are cheap (next 24 hours only). */
const SCAN_INTERVAL_MS = 60_000;

export interface ScanReport {
  /** Waitlist offers that ran out (their seats offered to the next in line: lib/scheduling/waitlist.ts). */
  lapsedOffers: number;
  reminders: number;
  /** Homework due within a day and not handed in: the family's reminder. */
  homeworkReminders: number;
  followUps: number;
  leadAlerts: number;
  /** Families' weekly digests (issue 28), from Sunday 17:00 in each family's zone. */
  weeklyDigests: number;
  /** Issue 38: teachers warned that a check expires within 30 days. */
  checkExpiryWarnings: number;
  /** Issue 38: teachers whose clearance ran out, announced so the cached public pages drop their sections at once. */
  lapsedClearances: number;
}

/**
 * The time-driven messages (reminders, demo follow-ups, waiting-lead alerts, weekly digests), and the waitlist
 * offers that ran out (lapsed, the next in line offered: their mail follows as events). Every
 * instance runs the scan: each message's outbox key is unique, so two instances scanning at once
 * queue it once, and an offer is lapsed by one update under its section's lock.
 */
export async function runMailScans(db: Database, now: Date = new Date()): Promise<ScanReport> {
  return {
    lapsedOffers: await lapseExpiredOffers(db, now),
    reminders: await queueDueReminders(db, now),
    homeworkReminders: await queueHomeworkReminders(db, now),
    followUps: await queueDemoFollowUps(db, now),
    leadAlerts: await queueWaitingLeadAlerts(db, now),
    weeklyDigests: await queueWeeklyDigests(db, now),
    checkExpiryWarnings: await queueCheckExpiryWarnings(db, now),
    lapsedClearances: await announceLapsedClearances(db, now),
  };
}

// Module state, not globalThis: only the server's start (instrumentation, once per process) starts it.
let scanTimer: NodeJS.Timeout | undefined;

/** Scans now and every minute, then delivers what the scan queued (one timer per process). */
export function startMailScans(intervalMs = SCAN_INTERVAL_MS): void {
  if (scanTimer) return;
  const tick = async () => {
    try {
      const report = await runMailScans(await getDb());
      if (Object.values(report).some((n) => n > 0)) await deliverOutbox();
    } catch (error) {
      console.error("[mail] scan failed:", error instanceof Error ? error.message : error);
    }
  };
  void tick();
  scanTimer = setInterval(() => void tick(), intervalMs);
  scanTimer.unref();
}
