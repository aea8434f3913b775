import { z } from "@/lib/platform/zod";

/** A demo's outcome as the teacher records it (issue 27): one schema for the form and the server. */
export const DEMO_LEVELS = ["beginner", "intermediate", "advanced"] as const;
export type DemoLevel = (typeof DEMO_LEVELS)[number];
export const LEVEL_LABELS: Record<DemoLevel, string> = { beginner: "Beginner", intermediate: "Intermediate", advanced: "Advanced" };

export const NOTE_MAX = 1000;

export const DEMO_OUTCOME_MESSAGES = {
  notYours: "That demo is not one of yours.",
  tooEarly: "This demo has not started yet: record its outcome after its time.",
  cancelled: "This demo was cancelled: there is no outcome to record.",
  outcomeRequired: "Choose attended or no-show.",
  noteRequired: "Write a short note for the parent: what the child did and where they are.",
  noteTooLong: `Keep the note to ${NOTE_MAX} characters.`,
  levelInvalid: "Choose a level from the list.",
  sectionNotOpen: "Recommend one of this course's open sections, or none.",
} as const;

const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

export const demoOutcomeSchema = z
  .object({
    bookingId: z.uuid({ error: DEMO_OUTCOME_MESSAGES.notYours }),
    outcome: z.enum(["attended", "no_show"], { error: DEMO_OUTCOME_MESSAGES.outcomeRequired }),
    note: z.preprocess(
      (v) => (v == null ? "" : v),
      z.string({ error: DEMO_OUTCOME_MESSAGES.noteRequired }).trim().max(NOTE_MAX, DEMO_OUTCOME_MESSAGES.noteTooLong),
    ),
    level: z.preprocess(blankToUndefined, z.enum(DEMO_LEVELS, { error: DEMO_OUTCOME_MESSAGES.levelInvalid }).optional()),
    recommendedSectionId: z.preprocess(
      blankToUndefined,
      z.coerce.number({ error: DEMO_OUTCOME_MESSAGES.sectionNotOpen }).int().positive(DEMO_OUTCOME_MESSAGES.sectionNotOpen).optional(),
    ),
  })
  .refine((v) => v.outcome !== "attended" || v.note.length > 0, { message: DEMO_OUTCOME_MESSAGES.noteRequired, path: ["note"] });
export type DemoOutcomeInput = z.input<typeof demoOutcomeSchema>;
