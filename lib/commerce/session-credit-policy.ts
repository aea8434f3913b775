import { brandLabels } from "@/lib/platform/brand";
import { env } from "@/lib/platform/env";

/**
 * The rule for a cancelled session without a make-up (issue 27), from one configuration read by the
 * credit job (session-credits.ts), the cancellation (its deadline) and the terms of service: SESSION_MAKEUP_DEADLINE_HOURS after the session's time, each
 * paid seat is credited that session's value recorded when the seat was bought (issue 39:
 * lib/commerce/seats/entitlements.ts, its price spread over the sessions it covers, from its first
 * session to the section's last day or OPEN_ENDED_WEEKS weeks of sessions), to the {product} Cash of
 * the account that paid: once per session, never more than the seat cost.
 */
export const SESSION_CREDIT_POLICY = {
  deadlineHours: env.SESSION_MAKEUP_DEADLINE_HOURS,
  openEndedWeeks: 4,
} as const;

/** The rule as the terms of service state it. */
export function sessionCreditPolicyText(policy = SESSION_CREDIT_POLICY): string[] {
  const hours = policy.deadlineHours % 24 === 0 ? `${policy.deadlineHours / 24} days` : `${policy.deadlineHours} hours`;
  return [
    "A teacher may move one session of a class to another time or cancel it; each family booked into it is told by email, with the calendar invite updated.",
    `A cancelled session gets a make-up session proposed by the teacher. If no make-up is set within ${hours} after the cancelled session's time, each paid seat is credited automatically to the ${brandLabels.cash} of the account that paid: that session's value, fixed when the seat was bought (the price paid spread over the sessions the seat covers, from its first session to the class's last day, or ${policy.openEndedWeeks} weeks of sessions for a class with no last day, to the cent). A session is credited once, and a seat is never credited more than it cost.`,
  ];
}

/** The rule in one sentence, where a teacher cancels a session. */
export function sessionCreditShortText(policy = SESSION_CREDIT_POLICY): string {
  const hours = policy.deadlineHours % 24 === 0 ? `${policy.deadlineHours / 24} days` : `${policy.deadlineHours} hours`;
  return `Propose a make-up session afterwards. Without one within ${hours} of the session's time, each paid seat is credited its share of the price in ${brandLabels.cash}, as the terms of service say.`;
}
