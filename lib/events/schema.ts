import { z } from "@/lib/zod";

/** SPEC 3 and 7: the log event payload (eventName, userId, currentUrl, additionalInfo). */
export const logEventSchema = z.object({
  eventName: z
    .string({ error: "eventName is required." })
    .trim()
    .min(1, "eventName is required.")
    .max(100, "eventName must be at most 100 characters."),
  userId: z
    .union([z.string().max(128, "userId must be at most 128 characters."), z.number().int().transform(String), z.null()])
    .optional()
    .transform((v) => (v == null || v === "" ? null : v)),
  currentUrl: z
    .union([z.string().max(2048, "currentUrl must be at most 2048 characters."), z.null()])
    .optional()
    .transform((v) => v ?? null),
  /** Free-form details; the body size limit bounds it. */
  additionalInfo: z.unknown().optional().transform((v) => (v === undefined ? null : v)),
});

export type LogEventPayload = z.input<typeof logEventSchema>;
export type LogEventInput = z.output<typeof logEventSchema>;
