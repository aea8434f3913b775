import { z } from "@/lib/platform/zod";

/**
 * Reporting a concern (issue 40): what a parent (or a teacher, about a family) reports, and what
 * support does with it. Written once: the forms and the server actions use these.
 */
export const CONCERN_SUBJECTS = ["course", "message", "teacher", "review", "family"] as const;
export type ConcernSubject = (typeof CONCERN_SUBJECTS)[number];

export const CONCERN_REASONS = {
  unsafe_contact: "Asking for contact details or to talk off the platform",
  inappropriate: "Inappropriate words, pictures or behaviour",
  bullying: "Bullying or unkindness",
  privacy: "Sharing a child's personal information",
  other: "Something else",
} as const;
export type ConcernReason = keyof typeof CONCERN_REASONS;

export const CONCERN_STATUSES = { new: "New", in_review: "In review", action_taken: "Action taken", closed: "Closed" } as const;
export type ConcernStatus = keyof typeof CONCERN_STATUSES;

export const CONCERN_DETAILS_MAX = 2_000;
/** First response to a concern within this many hours (the queue shows the clock, as the lead queue does). */
export const CONCERN_FIRST_RESPONSE_HOURS = 24;

export const SAFETY_MESSAGES = {
  reasonRequired: "Choose what the concern is about.",
  detailsRequired: "Tell us what happened.",
  detailsTooLong: `Keep it to ${CONCERN_DETAILS_MAX.toLocaleString("en-US")} characters.`,
  notFound: "We could not find that to report. It may have been removed, or it is not one you can see.",
  duplicate: "You have already reported this, and our support team has it. We will tell you when it is closed.",
  ownMessage: "That message is yours.",
  reported: "Thank you. Our support team has your report and will look at it within 24 hours. We will tell you when it is closed.",
  concernNotFound: "We could not find that report.",
  actionNotApplicable: "That action does not apply to what was reported.",
  noteRequired: "Write a note.",
} as const;

const id = z.string().trim().min(1, SAFETY_MESSAGES.notFound).max(120, SAFETY_MESSAGES.notFound);

export const reportConcernSchema = z.object({
  subjectType: z.enum(CONCERN_SUBJECTS, { error: SAFETY_MESSAGES.notFound }),
  subjectId: id,
  reason: z.enum(Object.keys(CONCERN_REASONS) as [ConcernReason, ...ConcernReason[]], { error: SAFETY_MESSAGES.reasonRequired }),
  details: z
    .string({ error: SAFETY_MESSAGES.detailsRequired })
    .trim()
    .min(1, SAFETY_MESSAGES.detailsRequired)
    .max(CONCERN_DETAILS_MAX, SAFETY_MESSAGES.detailsTooLong),
});
export type ReportConcernInput = z.input<typeof reportConcernSchema>;

export const concernIdSchema = z.coerce.number({ error: SAFETY_MESSAGES.concernNotFound }).int().positive(SAFETY_MESSAGES.concernNotFound);

/** Support moves a concern along and may write a note with it (the note is the first response too). */
export const triageConcernSchema = z.object({
  concernId: concernIdSchema,
  status: z.enum(Object.keys(CONCERN_STATUSES) as [ConcernStatus, ...ConcernStatus[]], { error: "Choose a status." }),
  note: z.string().trim().max(CONCERN_DETAILS_MAX, SAFETY_MESSAGES.detailsTooLong).default(""),
});

/** What support may do about a concern; each applies to some subjects only (lib/safety/concern-actions.ts). */
export const CONCERN_ACTIONS = {
  "hide-message": "Hide the message",
  "block-pair": "Block the conversations between this family and teacher",
  "hide-review": "Hide the review",
  "suspend-teacher": "Suspend the teacher (classes closed, sessions not yet held refunded to Cash, families told)",
  "suspend-family": "Suspend the family's account (no sign-in, posting or booking until an admin lifts it; its messages stay)",
} as const;
export type ConcernAction = keyof typeof CONCERN_ACTIONS;

export const concernActionSchema = z.object({
  concernId: concernIdSchema,
  action: z.enum(Object.keys(CONCERN_ACTIONS) as [ConcernAction, ...ConcernAction[]], { error: "Choose an action." }),
});

export const LINK_HOST_MESSAGES = {
  invalid: "Enter a site's domain, such as code.org or scratch.mit.edu (no https:// or path).",
  exists: "That site is already on the list.",
  notListed: "That site is not on the list.",
} as const;

/** A host as the list keeps it: lower case, labels of letters, digits and hyphens, at least one dot. */
export const linkHostSchema = z.object({
  host: z
    .string({ error: LINK_HOST_MESSAGES.invalid })
    .trim()
    .toLowerCase()
    .max(253, LINK_HOST_MESSAGES.invalid)
    .regex(/^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, LINK_HOST_MESSAGES.invalid),
});
