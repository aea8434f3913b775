import { z } from "@/lib/platform/zod";

/**
 * Issue 40: how many places in line one account may hold (waiting or offered), so that one account
 * cannot queue many children for a popular class and hold each freed seat in turn. Stated on the
 * waitlist page; README "Waitlists".
 */
export const WAITLIST_LIMITS = { perSection: 2, perAccount: 6 } as const;

/** Every message of the waitlist rules, written once for the forms and the server. */
export const WAITLIST_MESSAGES = {
  sectionNotFound: "That class does not exist or is not offered.",
  sectionNotFull: (title: string) => `${title} still has a free seat: enrol instead of joining the waitlist.`,
  alreadySeated: (child: string, title: string) => `${child} already has a seat in ${title}.`,
  alreadyListed: (child: string, title: string) => `${child} is already on the waitlist for ${title}.`,
  learnerNotYours: "That child is not on your account.",
  learnerRequired: "Choose which child the place is for.",
  entryNotFound: "That waitlist place does not exist or is no longer active.",
  offerLapsed: "This offer has run out. The seat went to the next family in line.",
  emailNotVerified: "Verify your email address before joining a waitlist: we send the offer of a seat there.",
  tooManyInSection: (title: string) =>
    `Your family already has ${WAITLIST_LIMITS.perSection} places in line for ${title}, the most one family may hold in one class.`,
  tooManyOverall: `Your family already has ${WAITLIST_LIMITS.perAccount} places on waitlists, the most one family may hold at once. Leave one to join another.`,
} as const;

const positiveId = z.coerce.number().int().positive();

/** Joining a full section's waitlist: the section and one of the parent's children. */
export const joinWaitlistSchema = z.object({
  sectionId: positiveId,
  learnerId: z.coerce.number({ error: WAITLIST_MESSAGES.learnerRequired }).int().positive({ error: WAITLIST_MESSAGES.learnerRequired }),
});
export type JoinWaitlistInput = z.infer<typeof joinWaitlistSchema>;

/** Leaving the list, or accepting an offer: one of the parent's entries. */
export const waitlistEntrySchema = z.object({ entryId: positiveId });
