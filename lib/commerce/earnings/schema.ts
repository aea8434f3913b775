import { z } from "@/lib/platform/zod";

/** What the earnings pages say when something is refused: written once, read by the domain and the tests. */
export const EARNINGS_MESSAGES = {
  monthNotOver: (label: string) => `${label} is not over yet: a statement is paid once its month has ended.`,
  nothingToPay: (label: string, net: string) => `There is nothing to pay for ${label}: its net is ${net}.`,
  alreadyPaid: (label: string) => `The statement for ${label} is already paid. A statement is paid once.`,
  beingPaid: (label: string) => `The statement for ${label} is already being paid through Stripe. It is not sent twice.`,
  notConnected: (name: string) =>
    `${name} has not connected a Stripe account that can receive payouts yet. Ask them to connect one on their earnings page, or record a payment made another way with its reference.`,
  stripeOff: "Stripe is not configured: record the payment you made by hand, with its reference.",
  notATeacher: "There is no teacher with this id.",
  referenceRequired: "Enter the payment's reference (for example the bank transfer's id).",
} as const;

/** An admin's payment of one teacher's month: through Stripe, or recorded by hand with a reference. */
export const payStatementSchema = z
  .object({
    teacherId: z.coerce.number().int().positive(),
    month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Choose a month (YYYY-MM)."),
    method: z.enum(["stripe", "manual"]),
    reference: z.string().trim().max(200, "Keep the reference under 200 characters.").optional().default(""),
  })
  .refine((input) => input.method !== "manual" || input.reference.length > 0, {
    path: ["reference"],
    message: EARNINGS_MESSAGES.referenceRequired,
  });
export type PayStatementInput = z.infer<typeof payStatementSchema>;
