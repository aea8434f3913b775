import { z } from "@/lib/platform/zod";

export const ADDITIONAL_INFO_MAX_BYTES = 2048;
export const ADDITIONAL_INFO_TOO_LARGE = "additionalInfo must be at most 2 KB as JSON.";

function jsonBytes(value: unknown): number {
  return new TextEncoder().encode(JSON.stringify(value) ?? "").length;
}

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
  /** Free-form details, at most 2 KB as JSON (security issue item 8: the body limit alone allowed 16 KB). */
  additionalInfo: z
    .unknown()
    .optional()
    .transform((v) => (v === undefined ? null : v))
    .refine((v) => jsonBytes(v) <= ADDITIONAL_INFO_MAX_BYTES, ADDITIONAL_INFO_TOO_LARGE),
});

export type LogEventPayload = z.input<typeof logEventSchema>;
export type LogEventInput = z.output<typeof logEventSchema>;
