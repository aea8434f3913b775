import { brandLabels } from "@/lib/platform/brand";
import { env } from "@/lib/platform/env";

/**
 * The one refund policy (env REFUND_CUTOFF_HOURS, REFUND_CARD_PART_TO): withdrawals check it, and
 * the terms of service print it, so what is published is what happens.
 */
export const REFUND_POLICY = {
  cutoffHours: env.REFUND_CUTOFF_HOURS,
  cardPartTo: env.REFUND_CARD_PART_TO,
} as const;

/** The last moment a withdrawal is refunded automatically: the cutoff before the seat's first session. */
export function refundDeadline(firstSessionStartsAt: Date, policy = REFUND_POLICY): Date {
  return new Date(firstSessionStartsAt.getTime() - policy.cutoffHours * 3_600_000);
}

export function isRefundable(firstSessionStartsAt: Date, now: Date, policy = REFUND_POLICY): boolean {
  return now.getTime() < refundDeadline(firstSessionStartsAt, policy).getTime();
}

function hoursText(hours: number): string {
  if (hours === 0) return "before its first session starts";
  if (hours % 24 === 0) return `at least ${hours / 24} ${hours === 24 ? "day" : "days"} before its first session`;
  return `at least ${hours} ${hours === 1 ? "hour" : "hours"} before its first session`;
}

/** The policy in one line, where a price is shown (course page, cart, confirmation). */
export function refundRuleShort(policy = REFUND_POLICY): string {
  return `Withdraw ${hoursText(policy.cutoffHours)} for a full refund.`;
}

/** The policy as the terms of service and the withdraw button state it. */
export function refundPolicyText(policy = REFUND_POLICY): string[] {
  const cardPart =
    policy.cardPartTo === "card"
      ? `The part paid with ${brandLabels.cash} goes back to your ${brandLabels.cash}; the part paid by card goes back to that card (banks usually show it within 5 to 10 business days).`
      : `The whole amount goes back to your ${brandLabels.cash}, including any part paid by card, ready for your next class.`;
  return [
    `You can withdraw a child from a class on the My courses page. A withdrawal made ${hoursText(policy.cutoffHours)} is refunded in full, automatically, and the seat is freed for another family.`,
    cardPart,
    `After that, the class cannot be withdrawn from online; contact us and we will look at it with you.`,
  ];
}
