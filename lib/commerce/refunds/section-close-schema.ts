import { brandLabels } from "@/lib/platform/brand";
import { z } from "@/lib/platform/zod";
import { WITHDRAW_FIELD } from "@/lib/scheduling/section-form";

import { formatMoney } from "@/lib/commerce/wallet/money";

/** The reason on each refund (and its audit record) of a seat withdrawn because its section closed. */
export const SECTION_CLOSED_REASON = "Section closed";

/** The live seats of a section: learners enrolled (paid), what they paid, and seats held in a card checkout not yet paid. */
export interface SectionEnrolment {
  learners: number;
  paidMinor: number;
  held: number;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "2 learners are enrolled ($298.00 paid) and 1 seat is held in a card checkout not yet paid". */
export function describeEnrolment({ learners, paidMinor, held }: SectionEnrolment): string {
  const parts: string[] = [];
  if (learners > 0) parts.push(`${plural(learners, "learner is", "learners are")} enrolled (${formatMoney(paidMinor)} paid)`);
  if (held > 0) parts.push(`${plural(held, "seat is", "seats are")} held in a card checkout not yet paid`);
  return parts.join(" and ");
}

export const SECTION_CLOSE_MESSAGES = {
  mustConfirm: (enrolment: SectionEnrolment) =>
    `${describeEnrolment(enrolment)}. To close this section or make it a draft, confirm that ${enrolment.learners > 0 ? "they are withdrawn with a full refund" : "the held seats are released"}.`,
  changed: (enrolment: SectionEnrolment) =>
    `The enrolment changed while you were editing: ${describeEnrolment(enrolment)} now. Check the numbers and confirm again.`,
  confirmationInvalid: "Confirm the withdrawal with the box shown under the status.",
  confirmLabel: ({ learners, paidMinor }: SectionEnrolment) =>
    learners > 0
      ? `Withdraw the ${plural(learners, "enrolled learner", "enrolled learners")} and refund ${formatMoney(paidMinor)} in full`
      : "Release the held seats",
  /** What closing does, said before the person confirms it. */
  consequences: ({ learners, held }: SectionEnrolment) =>
    [
      learners > 0
        ? `Each family is refunded in full, to their ${brandLabels.cash} or to the card they paid with, and gets an email that cancels the class in their calendar.`
        : "",
      held > 0 ? "Seats held in an unfinished card checkout are released: if that payment still completes, it is given back." : "",
    ]
      .filter(Boolean)
      .join(" "),
  saved: (sectionId: number, { learners, paidMinor }: SectionEnrolment) =>
    `Section ${sectionId} is saved. ${plural(learners, "learner was", "learners were")} withdrawn and ${formatMoney(paidMinor)} refunded.`,
} as const;

/** The confirmation as the form sends it: absent (not confirmed) or "learners:paidMinor", the numbers it showed. */
export const withdrawalConfirmationSchema = z.object({
  [WITHDRAW_FIELD]: z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    z
      .string({ error: SECTION_CLOSE_MESSAGES.confirmationInvalid })
      .regex(/^\d{1,6}:\d{1,12}$/, SECTION_CLOSE_MESSAGES.confirmationInvalid)
      .transform((text) => {
        const [learners, paidMinor] = text.split(":").map(Number);
        return { learners: learners ?? 0, paidMinor: paidMinor ?? 0 };
      })
      .optional(),
  ),
});

/** The value the form's confirmation sends for this enrolment. */
export const confirmationValue = ({ learners, paidMinor }: SectionEnrolment) => `${learners}:${paidMinor}`;

/** What the section form shows before closing a section with live seats: plain strings, for a client component. */
export interface WithdrawalPrompt {
  summary: string;
  consequences: string;
  confirmLabel: string;
  value: string;
}

export function withdrawalPrompt(enrolment: SectionEnrolment): WithdrawalPrompt {
  return {
    summary: `${describeEnrolment(enrolment)}.`,
    consequences: SECTION_CLOSE_MESSAGES.consequences(enrolment),
    confirmLabel: SECTION_CLOSE_MESSAGES.confirmLabel(enrolment),
    value: confirmationValue(enrolment),
  };
}
