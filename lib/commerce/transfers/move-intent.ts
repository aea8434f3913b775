import { brandLabels } from "@/lib/platform/brand";
import { z } from "@/lib/platform/zod";

import { formatMoney } from "@/lib/commerce/wallet/money";

/**
 * Issue 41: a move to a dearer section the family's Cash cannot cover offers a top-up by card; the
 * top-up carries the move (which seat, to which section) through Stripe's page and back, so the
 * family lands in the same move on /my-courses, the section still chosen, the new price covered.
 */
export { MOVE_PAGE, moveReturnPath } from "./move-return-path";

const id = z.coerce.number().int().positive().max(2_147_483_647);
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export interface MoveIntent {
  orderItemId: number;
  toSectionId: number;
  /** The top-up made for it, when the family comes back from Stripe's page. */
  topUpId: string | null;
}

/** The move /my-courses resumes, from its query; anything unreadable is no move (never an error). */
export function parseMoveIntent(query: Record<string, string | string[] | undefined>): MoveIntent | null {
  const orderItemId = id.safeParse(one(query.move));
  const toSectionId = id.safeParse(one(query.to));
  if (!orderItemId.success || !toSectionId.success) return null;
  const topUp = z.uuid().safeParse(one(query.top_up));
  return { orderItemId: orderItemId.data, toSectionId: toSectionId.data, topUpId: topUp.success ? topUp.data : null };
}

export type TopUpOutcome = { status: "pending" | "paid" | "expired" | "flagged"; amount: string };

/**
 * What the resumed move says above its button: the top-up's outcome, the Cash now, and whether it
 * covers the move (`differenceMinor`, what the chosen section costs more). Null when there is
 * nothing to say (no top-up came back with it).
 */
export function moveResumeNotice(facts: {
  topUp: TopUpOutcome | null;
  balanceMinor: number;
  differenceMinor: number;
  learnerName: string;
}): { text: string; covered: boolean } | null {
  const { topUp, balanceMinor, differenceMinor, learnerName } = facts;
  if (!topUp) return null;
  const covered = balanceMinor >= differenceMinor;
  const cash = brandLabels.cash;
  switch (topUp.status) {
    case "paid":
      return covered
        ? {
            covered,
            text: `Your top-up of ${topUp.amount} was added to your ${cash}, which is now ${formatMoney(balanceMinor)}: enough for this move (${formatMoney(differenceMinor)} more). Choose “Move ${learnerName}'s seat” to finish.`,
          }
        : {
            covered,
            text: `Your top-up of ${topUp.amount} was added to your ${cash}, which is now ${formatMoney(balanceMinor)}; this move needs ${formatMoney(differenceMinor)}.`,
          };
    case "pending":
      return {
        covered,
        text: `Your top-up of ${topUp.amount} is being confirmed: Stripe tells us when the payment is done. Reload this page in a moment, then move the seat.`,
      };
    case "expired":
      return { covered, text: `Your top-up of ${topUp.amount} was not completed, so nothing was charged and the seat has not moved.` };
    case "flagged":
      return {
        covered,
        text: `We could not match the card payment for your top-up of ${topUp.amount}, so nothing was added yet and the seat has not moved. Our team has been told and will contact you.`,
      };
  }
}

/** The move /my-courses resumes: which seat, to which section, and the top-up that came back with it (the family's own). */
export interface MoveResume {
  orderItemId: number;
  toSectionId: number;
  topUp: TopUpOutcome | null;
  balanceMinor: number;
}
