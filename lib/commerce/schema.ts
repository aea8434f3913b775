import { brandLabels } from "@/lib/platform/brand";
import { z } from "@/lib/platform/zod";

/** Every message of enrolment and payment, written once for the forms, the server and the tests. */
export const COMMERCE_MESSAGES = {
  sectionNotFound: "That class does not exist.",
  /** /cart?add=<id> for a class not on sale (a draft, an unpublished course) or none: the same words, so neither is told apart. */
  sectionNotOffered: "That class is not open for enrolment. Please choose one from a course page.",
  sectionNotOpen: (title: string) => `${title} is not open for enrolment. Please choose another class.`,
  sectionFull: (title: string) => `${title} is full. Please choose another class.`,
  sectionOtherCurrency: (title: string) => `${title} is priced in another currency and cannot be paid here. Please contact us.`,
  sectionNoSessionsLeft: (title: string) => `${title} has no sessions left. Please choose another class.`,
  alreadyEnrolled: (learner: string, title: string) => `${learner} is already enrolled in ${title}.`,
  learnerNotYours: "That child is not on your account.",
  learnerRequired: "Choose which child the seat is for.",
  cartEmpty: "Your cart is empty.",
  cartItemNotFound: "That item is not in your cart.",
  insufficientBalance: (balance: string, total: string) =>
    `Your ${brandLabels.cash} balance is ${balance}, and this order costs ${total}. Card payments are not available, so remove an item or add ${brandLabels.cash} first.`,
  priceChanged: (seen: string, now: string) =>
    `The total of your cart changed from ${seen} to ${now} since the page was shown (a price was changed). Nothing was charged: check the new total and press Pay again.`,
  tooManyUnpaidSeats: (limit: number) =>
    `At most ${limit} seats can wait for a card payment at once. Finish paying for the seats already held (or let their hold run out) before you hold more.`,
  totalMissing: "Reload your cart and check its total before you pay.",
  cardUnavailable: "Card payments are briefly unavailable. Nothing was charged; please try again in a few minutes.",
  orderNotFound: "That order does not exist.",
  sectionIdInvalid: "Choose a class from a course page.",
  enrolmentNotFound: "That enrolment is not on your account.",
  alreadyWithdrawn: (learner: string, title: string) => `${learner} has already been withdrawn from ${title}.`,
  refundWindowClosed: (title: string, deadline: string) =>
    `Withdrawals from ${title} with a refund closed on ${deadline}, as our refund policy says. Please contact us if something has come up.`,
  orderNotRefundable: "Only a paid order can be refunded.",
  nothingToRefund: "Every seat of this order has already been refunded.",
  orderRefunded: (total: string, wallet: string, card: string, credited: string | null) =>
    `Order refunded: ${total} (${wallet} to the wallet, ${card} to the card).${credited ? ` ${credited} had already gone back as credits for cancelled sessions.` : ""}`,
  refundReasonRequired: "Say why this order is refunded (3 to 500 characters).",
  // Issue 27: a seat moved to another section of its course.
  transferTargetRequired: "Choose the section to move to.",
  transferSameSection: (learner: string) => `${learner} is already in that section. Choose another day or time.`,
  transferOtherCourse: "A seat can only move to another section of the same course.",
  transferSeatGone: (learner: string, title: string) =>
    `${learner}'s seat in ${title} was withdrawn or refunded, so there is nothing to move.`,
  // Issue 39: paid sessions are not taken away by a teacher's edit.
  editTakesPaidSessions: (sessions: number) =>
    `Families have paid for ${sessions} ${sessions === 1 ? "session" : "sessions"} these times would remove. Keep those dates, or ask an admin to make this change. Nothing was changed.`,
  removedSessionsChanged:
    "Seats of this section were bought while you were saving. Save again to credit every family whose sessions these times remove. Nothing was changed.",
  // Issue 39: a move carries only the sessions not yet held.
  transferNothingLeft: (learner: string, title: string) =>
    `${learner}'s sessions of ${title} have all been held, so there is nothing left to move. Nothing was changed.`,
  transferAlreadySeated: (learner: string) => `${learner} already has a seat in that section.`,
  transferShortOfCash: (difference: string, balance: string, topUp: string | null) =>
    topUp
      ? `That section costs ${difference} more, and your ${brandLabels.cash} balance is ${balance}. Add ${topUp} to your ${brandLabels.cash} by card below, then move the seat. Nothing was changed yet.`
      : `That section costs ${difference} more, and your ${brandLabels.cash} balance is ${balance}. Top up your ${brandLabels.cash} first, then move the seat. Nothing was changed.`,
} as const;

const positiveId = (message: string) => z.coerce.number({ error: message }).int(message).positive(message);

/** Adding a seat: an existing child (learnerId) or a new one named here (first name and grade). */
export const addToCartSchema = z
  .object({
    sectionId: positiveId(COMMERCE_MESSAGES.sectionIdInvalid),
    learnerId: z.preprocess((v) => (v === "" || v === "new" ? undefined : v), positiveId(COMMERCE_MESSAGES.learnerRequired).optional()),
    firstName: z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), z.string().trim().max(60).optional()),
    /** Checked by the scheduling domain's learner schema when a new child is added. */
    grade: z.unknown().optional(),
  })
  .refine((v) => v.learnerId !== undefined || v.firstName !== undefined, {
    message: COMMERCE_MESSAGES.learnerRequired,
    path: ["learnerId"],
  });
export type AddToCartInput = z.input<typeof addToCartSchema>;

export const cartItemIdSchema = z.object({ itemId: positiveId(COMMERCE_MESSAGES.cartItemNotFound) });
export const orderIdSchema = z.uuid({ error: COMMERCE_MESSAGES.orderNotFound });
export const orderItemIdSchema = positiveId(COMMERCE_MESSAGES.enrolmentNotFound);

/** A family moves one paid seat (an order item) to another section of the same course. */
export const transferSeatSchema = z.object({
  orderItemId: orderItemIdSchema,
  toSectionId: positiveId(COMMERCE_MESSAGES.transferTargetRequired),
});

/** An admin's refund of a whole order: the reason is required (it goes into the audit record). */
export const adminRefundSchema = z.object({
  orderId: orderIdSchema,
  reason: z
    .string({ error: COMMERCE_MESSAGES.refundReasonRequired })
    .trim()
    .min(3, COMMERCE_MESSAGES.refundReasonRequired)
    .max(500, COMMERCE_MESSAGES.refundReasonRequired),
});

/** The parent's choice at checkout: where a late card payment goes back if its seat was taken meanwhile. */
export const LATE_REFUND_CHOICES = {
  card: "Back to my card",
  wallet: `As ${brandLabels.cash}, to spend at once`,
} as const;
export const checkoutSchema = z.object({
  lateRefundTo: z.preprocess(
    (v) => (v === "" || v == null ? undefined : v),
    z.enum(["card", "wallet"], { error: "Choose where the money goes back." }).default("card"),
  ),
  /** The cart's total as the parent saw it beside Pay (minor units): the checkout refuses another. */
  expectedTotalMinor: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce
      .number({ error: COMMERCE_MESSAGES.totalMissing })
      .int(COMMERCE_MESSAGES.totalMissing)
      .min(0, COMMERCE_MESSAGES.totalMissing)
      .max(Number.MAX_SAFE_INTEGER, COMMERCE_MESSAGES.totalMissing),
  ),
});

/** What an order tells the parent beyond its status. */
export const ORDER_NOTICES = {
  /** Where the card part went is the parent's choice at checkout (LATE_REFUND_CHOICES). */
  seatTaken: (card: string, wallet: string | null, cardTo: "card" | "wallet") =>
    `A seat in this order was taken before your card payment completed, so nobody was enrolled. ` +
    (cardTo === "wallet"
      ? `As you chose, your card payment of ${card} went to your ${brandLabels.cash}` +
        (wallet ? `, and so did the ${wallet} paid with it.` : ".")
      : `We refunded ${card} to your card` + (wallet ? ` and ${wallet} to your ${brandLabels.cash}.` : ".")),
  expired: (wallet: string | null) =>
    `The card payment was not completed in time, so the seats were released.` +
    (wallet ? ` ${wallet} went back to your ${brandLabels.cash}.` : ""),
  flagged: (wallet: string | null) =>
    `We could not match the card payment to this order, so nobody was enrolled. Our team has been told and will contact you.` +
    (wallet ? ` ${wallet} went back to your ${brandLabels.cash}.` : ""),
  stripeFailed: (wallet: string | null) =>
    `Card payments were unavailable, so the order was not placed.` + (wallet ? ` ${wallet} went back to your ${brandLabels.cash}.` : ""),
} as const;
