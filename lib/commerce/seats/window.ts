import { sectionSessions, type SectionRecurrence, type SessionTimes } from "@/lib/scheduling/sessions";

import { SESSION_CREDIT_POLICY } from "@/lib/commerce/session-credit-policy";

/**
 * The sessions a seat covers, by the section's regular schedule: from its first session to the
 * section's last day, or OPEN_ENDED_WEEKS of sessions for a section with no last day: the window
 * a seat buys when it is paid (entitlements.ts) and the term a section's price per session is
 * counted over (pricing.ts), one rule, stated on the terms page (session-credit-policy.ts).
 */
export function coveredSessions(section: SectionRecurrence, firstStartsAt: Date, policy = SESSION_CREDIT_POLICY): SessionTimes[] {
  const end = section.endsOn
    ? new Date(Date.parse(`${section.endsOn}T00:00:00Z`) + 2 * 86_400_000)
    : new Date(firstStartsAt.getTime() + policy.openEndedWeeks * 7 * 86_400_000);
  return sectionSessions(section, firstStartsAt, end);
}
