import { COURSE_CATEGORIES } from "@/lib/platform/constants";
import { z } from "@/lib/platform/zod";

/** Issue 38: a new course a teacher proposes, written once for the form and lib/teachers/course-proposals.ts. */
export const PROPOSAL_LIMITS = { title: 120, description: 2000, outcomes: 2000 } as const;

export const PROPOSAL_MESSAGES = {
  titleRequired: "Give the course a title.",
  titleLong: `Keep the title under ${PROPOSAL_LIMITS.title} characters.`,
  categoryRequired: "Choose one of the five categories.",
  gradeInvalid: "Choose a grade from 1 to 12.",
  gradeRange: "The highest grade must be at least the lowest grade.",
  descriptionRequired: "Describe the course for families.",
  descriptionLong: `Keep the description under ${PROPOSAL_LIMITS.description.toLocaleString("en-US")} characters.`,
  outcomesRequired: "Say what children learn.",
  outcomesLong: `Keep what children learn under ${PROPOSAL_LIMITS.outcomes.toLocaleString("en-US")} characters.`,
  noteRequired: "Tell the teacher what to change: the note is shown to them.",
  notPending: "That proposal was already decided.",
} as const;

const grade = z.coerce
  .number({ error: PROPOSAL_MESSAGES.gradeInvalid })
  .int(PROPOSAL_MESSAGES.gradeInvalid)
  .min(1, PROPOSAL_MESSAGES.gradeInvalid)
  .max(12, PROPOSAL_MESSAGES.gradeInvalid);

export const courseProposalSchema = z
  .object({
    title: z
      .string({ error: PROPOSAL_MESSAGES.titleRequired })
      .trim()
      .min(1, PROPOSAL_MESSAGES.titleRequired)
      .max(PROPOSAL_LIMITS.title, PROPOSAL_MESSAGES.titleLong),
    category: z.enum(COURSE_CATEGORIES, { error: PROPOSAL_MESSAGES.categoryRequired }),
    gradeMin: grade,
    gradeMax: grade,
    description: z
      .string({ error: PROPOSAL_MESSAGES.descriptionRequired })
      .trim()
      .min(1, PROPOSAL_MESSAGES.descriptionRequired)
      .max(PROPOSAL_LIMITS.description, PROPOSAL_MESSAGES.descriptionLong),
    outcomes: z
      .string({ error: PROPOSAL_MESSAGES.outcomesRequired })
      .trim()
      .min(1, PROPOSAL_MESSAGES.outcomesRequired)
      .max(PROPOSAL_LIMITS.outcomes, PROPOSAL_MESSAGES.outcomesLong),
  })
  .refine((v) => v.gradeMin <= v.gradeMax, { path: ["gradeMax"], message: PROPOSAL_MESSAGES.gradeRange });

export const proposalDecisionSchema = z.object({
  proposalId: z.coerce.number().int().positive(PROPOSAL_MESSAGES.notPending),
  decision: z.enum(["accept", "return"], { error: "Choose accept or return." }),
  note: z.string().trim().max(1000, "Keep the note under 1,000 characters.").optional(),
});
