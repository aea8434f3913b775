import { z } from "@/lib/platform/zod";

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
