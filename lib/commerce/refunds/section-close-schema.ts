import { brand, brandLabels } from "@/lib/platform/brand";
import { z } from "@/lib/platform/zod";
import { WITHDRAW_FIELD } from "@/lib/scheduling/section-form";

import { formatMoney } from "@/lib/commerce/wallet/money";

/** The reason on each refund (and its audit record) of a seat withdrawn because its section closed. */
export const SECTION_CLOSED_REASON = "Section closed";

/**
 * What closing a section may refund (issue 26, finding 4): an admin (the `orders.manage`
 * permission) may refund every seat in full, audited, whatever was delivered; a teacher closes by
 * the published refund policy, which refunds nothing for sessions already delivered, so a teacher's
 * close refunds seats with no session delivered yet, in full, and leaves the others to an admin.
 */
export type CloseRefundRule = "admin-full" | "refund-policy";

/** The live seats of a section: learners enrolled (paid), what they paid, and seats held in a card checkout not yet paid. */
export interface SectionEnrolment {
  learners: number;
  paidMinor: number;
  held: number;
  /** Paid seats whose first session has started: sessions delivered, which only an admin may refund. */
  delivered: number;
  /** Who is closing: what the close may refund. */
  rule: CloseRefundRule;
}

/** A teacher's close that the refund policy cannot settle: some learners have had sessions. */
export const needsAnAdmin = ({ rule, delivered }: SectionEnrolment) => rule === "refund-policy" && delivered > 0;

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
  askAnAdmin: (enrolment: SectionEnrolment) =>
    `${describeEnrolment(enrolment)}, and ${enrolment.delivered === 1 ? "one of them has" : `${enrolment.delivered} of them have`} already had sessions. ` +
    `The refund policy gives nothing back for sessions delivered, so what those families get is an admin's decision: ` +
    `to close this section or make it a draft, contact ${brand.supportEmail}.`,
  confirmLabel: ({ learners, paidMinor }: SectionEnrolment) =>
    learners > 0
      ? `Withdraw the ${plural(learners, "enrolled learner", "enrolled learners")} and refund ${formatMoney(paidMinor)} in full`
      : "Release the held seats",
  /** What closing does, and what each family gets, said before the person confirms it. */
  consequences: ({ learners, held, delivered, rule }: SectionEnrolment) =>
    [
      learners > 0
        ? `Each family is refunded in full: what it paid for its seat goes back to their ${brandLabels.cash} or to the card they paid with, and an email cancels the class in their calendar.`
        : "",
      learners > 0 && rule === "refund-policy" ? "No session has taken place yet, so the refund policy refunds every seat in full." : "",
      learners > 0 && rule === "admin-full"
        ? delivered > 0
          ? `${delivered === 1 ? "One learner has" : `${delivered} learners have`} already had sessions: as an admin you refund them in full too, recorded in the audit log.`
          : "As an admin's refund, it is recorded in the audit log."
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
  /** Empty when this person cannot close it (a teacher, over sessions delivered): no box to tick. */
  value: string;
}

export function withdrawalPrompt(enrolment: SectionEnrolment): WithdrawalPrompt {
  if (needsAnAdmin(enrolment))
    return { summary: SECTION_CLOSE_MESSAGES.askAnAdmin(enrolment), consequences: "", confirmLabel: "", value: "" };
  return {
    summary: `${describeEnrolment(enrolment)}.`,
    consequences: SECTION_CLOSE_MESSAGES.consequences(enrolment),
    confirmLabel: SECTION_CLOSE_MESSAGES.confirmLabel(enrolment),
    value: confirmationValue(enrolment),
  };
}
