import { env } from "@/lib/platform/env";

/**
 * How long personal data is kept: read by the retention job and by the privacy policy page, so the
 * page states what the job does (security issue: deletion and retention).
 */
export const RETENTION = {
  /** IP addresses and user agents on demo requests and log events. */
  networkDataDays: env.NETWORK_DATA_RETENTION_DAYS,
  /** Demo requests that did not convert, after their last change. */
  leadMonths: env.LEAD_RETENTION_MONTHS,
  /** Log events. */
  eventMonths: env.EVENT_RETENTION_MONTHS,
  /** Files handed in as homework (photos, PDF), after they were handed in. */
  homeworkFileMonths: env.HOMEWORK_FILE_RETENTION_MONTHS,
  /**
   * A deleted family's conversations kept for the safety team (flagged or hidden messages, a safety
   * report; the rule: lib/messages/kept-conversations.ts), from the deletion.
   */
  keptConversationMonths: env.KEPT_CONVERSATION_RETENTION_MONTHS,
} as const;

export type RetentionPolicy = { readonly [K in keyof typeof RETENTION]: number };

/** "1 month", "12 months", "30 days". */
export function plural(n: number, unit: "day" | "month"): string {
  return `${n} ${unit}${n === 1 ? "" : "s"}`;
}
