import { z } from "@/lib/platform/zod";

import { COURSE_NOT_SURE } from "@/lib/demo-requests/constants";
import { LEAD_STATUSES } from "@/lib/demo-requests/status";
import { instantSchema, timezoneSchema } from "@/lib/scheduling/schema";

/** Search params arrive as string | string[] | undefined; a blank or repeated value means "not set". */
const param = z.preprocess((v) => (Array.isArray(v) ? v[0] : v), z.string().trim().optional()).transform((v) => (v ? v : undefined));
const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The support queue's filters, from the page's GET form or the CSV link. Anything malformed is
 * dropped rather than refused, so a hand-edited URL still shows a queue.
 */
export const leadFiltersSchema = z.object({
  status: param.transform((v) =>
    v === "overdue" || (LEAD_STATUSES as readonly string[]).includes(v ?? "")
      ? (v as (typeof LEAD_STATUSES)[number] | "overdue")
      : undefined,
  ),
  grade: param.transform((v) => (v && /^\d{1,2}$/.test(v) && Number(v) >= 1 && Number(v) <= 12 ? Number(v) : undefined)),
  /** A course id, or "not-sure". */
  course: param.transform((v) => (v === COURSE_NOT_SURE || (v && /^\d{1,9}$/.test(v)) ? v : undefined)),
  from: param.transform((v) => (v && isoDate.test(v) && !Number.isNaN(Date.parse(v)) ? v : undefined)),
  to: param.transform((v) => (v && isoDate.test(v) && !Number.isNaN(Date.parse(v)) ? v : undefined)),
  q: param.transform((v) => v?.slice(0, 100)),
  /** The id of the last row of the previous page (keyset pagination). */
  after: param.transform((v) => (v && z.uuid().safeParse(v).success ? v : undefined)),
});

export type LeadFilters = z.output<typeof leadFiltersSchema>;

export function parseLeadFilters(searchParams: Record<string, string | string[] | undefined>): LeadFilters {
  return leadFiltersSchema.parse(searchParams);
}

/** The filters as a query string (without the cursor unless asked), for links that keep them. */
export function leadFiltersQuery(filters: LeadFilters, extra: Record<string, string | undefined> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filters, after: undefined, ...extra })) {
    if (value !== undefined && value !== "") params.set(key, String(value));
  }
  const query = params.toString();
  return query ? `?${query}` : "";
}

export const leadStatusChangeSchema = z.object({
  id: z.uuid("Unknown demo request."),
  status: z.enum(LEAD_STATUSES, { error: "Please choose a status." }),
});

export const leadNoteSchema = z.object({
  id: z.uuid("Unknown demo request."),
  note: z.string().trim().max(2000, "The note must be at most 2000 characters."),
});

/** Support booking a demo time for a family (issue 17): times as ISO instants, never local times. */
export const requestSlotsSchema = z.object({
  requestId: z.uuid("Unknown demo request."),
  timezone: timezoneSchema,
  /** When moving a booking: its own teacher's times, its own time not counted as busy. */
  bookingId: z.uuid("Unknown booking.").optional(),
});

export const requestBookSchema = z.object({
  requestId: z.uuid("Unknown demo request."),
  teacherId: z.coerce.number({ error: "Unknown teacher." }).int("Unknown teacher.").positive("Unknown teacher."),
  startsAt: instantSchema,
});

export const requestMoveSchema = z.object({
  requestId: z.uuid("Unknown demo request."),
  bookingId: z.uuid("Unknown booking."),
  startsAt: instantSchema,
});

export const requestCancelSchema = z.object({
  requestId: z.uuid("Unknown demo request."),
  bookingId: z.uuid("Unknown booking."),
});
