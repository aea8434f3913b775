import { z } from "@/lib/platform/zod";

import { parseWeeklyRule } from "./sessions";
import { clockToMinute, isValidTimeZone } from "./time";

/** Every message of the scheduling rules, written once for the forms and the server. */
export const SCHEDULING_MESSAGES = {
  slotTaken: "That time was just taken. Please pick another.",
  slotPast: "That time has already passed. Please pick another.",
  slotTooSoon: "That time is too soon to book. Please pick a later one.",
  slotNotOffered: "That time is not offered. Please pick one of the times shown.",
  instantInvalid: "Send the time as an ISO 8601 instant with its offset, like 2026-03-10T16:00:00Z.",
  timezoneInvalid: "Choose a time zone from the list, like America/New_York.",
  clockInvalid: "Enter a time like 09:30.",
  hoursOrder: "The end time must be after the start time.",
  hoursOverlap: "These hours overlap other hours on the same day.",
  weekdayInvalid: "Choose a day of the week.",
  dateInvalid: "Enter a date like 2026-03-10.",
  extraNeedsHours: "Extra hours need a start and an end time.",
  sectionEndsBeforeStart: "The section cannot end before it starts.",
  capacityOneOnOne: "A 1-on-1 section has exactly one seat.",
  capacityInvalid: "Capacity must be a whole number of at least 1.",
  capacityBelowBooked: (booked: number) => `Capacity cannot be below the ${booked} seats already booked.`,
  seatsStillBooked: (booked: number) =>
    `${booked === 1 ? "1 seat is" : `${booked} seats are`} still booked in this section. Withdraw the families with a refund before closing it or making it a draft.`,
  priceInvalid: "Enter the price in cents, 0 or more.",
  currencyInvalid: "Use a three-letter currency code, like USD.",
  currencyNotShop: (currency: string) => `Prices are in ${currency}, the shop's currency.`,
  weekdaysRequired: "Choose at least one day of the week.",
  durationInvalid: "A session lasts from 15 to 240 minutes.",
  meetingUrlInvalid: "Enter the meeting link as an https URL.",
  bookingNotFound: "That booking does not exist.",
  bookingCancelled: "This booking was cancelled and cannot be rescheduled. Please book a new time.",
  bookingNotChangeable: "This booking has already taken place and cannot be changed.",
  learnerNotYours: "That child is not on your account.",
  bookingForNobody: "Say who the demo is for: one of your children or the demo request.",
  demoRequestNotFound: "That demo request does not exist.",
  requestAlreadyBooked: "This request already has a demo booked. Move or cancel that one instead.",
  demoRequestOtherCourse: "That demo request is for another course.",
  teacherNotOfCourse: "That teacher does not teach this course.",
  firstNameRequired: "Enter the child's first name.",
  gradeInvalid: "Choose a grade from 1 to 12.",
  birthYearInvalid: "Enter a birth year like 2016, or leave it empty.",
  learnerHasBookings: "This child has a demo or class booked. Cancel it first, then remove the child.",
} as const;

/** A booking's status as families read it (the status page and /my-courses). */
export const BOOKING_STATUS_LABELS: Record<string, string> = {
  held: "Held for you",
  confirmed: "Confirmed",
  cancelled: "Cancelled",
  attended: "Attended",
  no_show: "Missed",
};

const positiveId = z.coerce.number().int().positive();

export const timezoneSchema = z
  .string({ error: SCHEDULING_MESSAGES.timezoneInvalid })
  .trim()
  .refine(isValidTimeZone, SCHEDULING_MESSAGES.timezoneInvalid);

/** "HH:MM" (24:00 allowed, for an end) to minutes after midnight. */
export const clockSchema = z.string({ error: SCHEDULING_MESSAGES.clockInvalid }).transform((value, ctx) => {
  const minute = clockToMinute(value.trim());
  if (minute === null) {
    ctx.addIssue({ code: "custom", message: SCHEDULING_MESSAGES.clockInvalid });
    return z.NEVER;
  }
  return minute;
});

/** An instant on the wire: ISO 8601 with Z or an offset; never a local time without its offset. */
export const instantSchema = z
  .string({ error: SCHEDULING_MESSAGES.instantInvalid })
  .trim()
  .pipe(z.iso.datetime({ offset: true, error: SCHEDULING_MESSAGES.instantInvalid }));

export const dateSchema = z
  .string({ error: SCHEDULING_MESSAGES.dateInvalid })
  .trim()
  .pipe(z.iso.date({ error: SCHEDULING_MESSAGES.dateInvalid }));

const weekday = z.coerce
  .number({ error: SCHEDULING_MESSAGES.weekdayInvalid })
  .int()
  .min(1, SCHEDULING_MESSAGES.weekdayInvalid)
  .max(7, SCHEDULING_MESSAGES.weekdayInvalid);

const hours = z.object({ weekday, start: clockSchema, end: clockSchema });

/**
 * A teacher's weekly hours in their own zone (ISO weekday, 1 = Monday): each block ends after it
 * starts, and no two blocks of one day overlap (touching is fine: 09:00-12:00 and 12:00-15:00).
 */
export const weeklyHoursSchema = z.array(hours).superRefine((blocks, ctx) => {
  blocks.forEach((block, index) => {
    if (block.end <= block.start) {
      ctx.addIssue({ code: "custom", path: [index, "end"], message: SCHEDULING_MESSAGES.hoursOrder });
      return;
    }
    const overlaps = blocks.some(
      (other, j) =>
        j < index && other.weekday === block.weekday && other.end > other.start && other.start < block.end && block.start < other.end,
    );
    if (overlaps) ctx.addIssue({ code: "custom", path: [index, "start"], message: SCHEDULING_MESSAGES.hoursOverlap });
  });
});
export type WeeklyHoursInput = z.input<typeof weeklyHoursSchema>;

/** A dated change: a day (or some hours) off, or extra hours, on a date of the teacher's zone. */
export const availabilityExceptionSchema = z
  .object({
    date: dateSchema,
    kind: z.enum(["off", "extra"]),
    start: clockSchema.optional(),
    end: clockSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.kind === "extra" && (value.start === undefined || value.end === undefined)) {
      ctx.addIssue({ code: "custom", path: ["start"], message: SCHEDULING_MESSAGES.extraNeedsHours });
    } else if ((value.start === undefined) !== (value.end === undefined)) {
      ctx.addIssue({ code: "custom", path: ["end"], message: SCHEDULING_MESSAGES.extraNeedsHours });
    } else if (value.start !== undefined && value.end !== undefined && value.end <= value.start) {
      ctx.addIssue({ code: "custom", path: ["end"], message: SCHEDULING_MESSAGES.hoursOrder });
    }
  });
export type AvailabilityExceptionInput = z.input<typeof availabilityExceptionSchema>;

export const SECTION_CLASS_TYPES = ["one_on_one", "group"] as const;
export const SECTION_STATUSES = ["draft", "open", "full", "closed"] as const;
export type SectionStatus = (typeof SECTION_STATUSES)[number];
/** The statuses in which a section holds no classes: its families lose their class, so it may not keep live seats. */
export const STATUSES_WITHOUT_CLASSES: readonly SectionStatus[] = ["draft", "closed"];
export const holdsNoClasses = (status: string): boolean => (STATUSES_WITHOUT_CLASSES as readonly string[]).includes(status);

/**
 * A section as a teacher or admin writes it: days of the week and a start time in `timezone`
 * (the teacher's), from startsOn to endsOn. The weekly RRULE is built from the days.
 */
export const sectionSchema = z
  .object({
    courseId: positiveId,
    teacherId: positiveId,
    classType: z.enum(SECTION_CLASS_TYPES),
    capacity: z.coerce
      .number({ error: SCHEDULING_MESSAGES.capacityInvalid })
      .int(SCHEDULING_MESSAGES.capacityInvalid)
      .min(1, SCHEDULING_MESSAGES.capacityInvalid),
    priceMinor: z.coerce
      .number({ error: SCHEDULING_MESSAGES.priceInvalid })
      .int(SCHEDULING_MESSAGES.priceInvalid)
      .min(0, SCHEDULING_MESSAGES.priceInvalid),
    currency: z
      .string({ error: SCHEDULING_MESSAGES.currencyInvalid })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, SCHEDULING_MESSAGES.currencyInvalid),
    startsOn: dateSchema,
    endsOn: dateSchema.optional(),
    weekdays: z.array(weekday).min(1, SCHEDULING_MESSAGES.weekdaysRequired),
    startTime: clockSchema,
    timezone: timezoneSchema,
    durationMinutes: z.coerce
      .number({ error: SCHEDULING_MESSAGES.durationInvalid })
      .int()
      .min(15, SCHEDULING_MESSAGES.durationInvalid)
      .max(240, SCHEDULING_MESSAGES.durationInvalid),
    meetingUrl: z
      .string()
      .trim()
      .transform((value) => (value === "" ? undefined : value))
      .pipe(z.url({ protocol: /^https$/, error: SCHEDULING_MESSAGES.meetingUrlInvalid }).optional())
      .optional(),
    status: z.enum(SECTION_STATUSES).default("draft"),
  })
  .superRefine((value, ctx) => {
    if (value.classType === "one_on_one" && value.capacity !== 1) {
      ctx.addIssue({ code: "custom", path: ["capacity"], message: SCHEDULING_MESSAGES.capacityOneOnOne });
    }
    if (value.endsOn !== undefined && value.endsOn < value.startsOn) {
      ctx.addIssue({ code: "custom", path: ["endsOn"], message: SCHEDULING_MESSAGES.sectionEndsBeforeStart });
    }
    if (value.startTime >= 24 * 60) ctx.addIssue({ code: "custom", path: ["startTime"], message: SCHEDULING_MESSAGES.clockInvalid });
  });
export type SectionInput = z.input<typeof sectionSchema>;
export type Section = z.output<typeof sectionSchema>;

/** A stored RRULE that can be expanded: weekly, no DTSTART. */
export const weeklyRuleSchema = z.string().refine((text) => {
  try {
    parseWeeklyRule(text);
    return true;
  } catch {
    return false;
  }
}, "The recurrence must be a weekly RRULE.");

/** Booking a demo slot: the course, the teacher and the instant offered; for a child or a demo request. */
export const bookDemoSlotSchema = z
  .object({
    courseId: positiveId,
    teacherId: positiveId,
    startsAt: instantSchema,
    learnerId: positiveId.optional(),
    demoRequestId: z.uuid().optional(),
    /** The zone the family picked in (kept for its messages); optional. */
    timezone: timezoneSchema.optional(),
  })
  .refine((value) => value.learnerId !== undefined || value.demoRequestId !== undefined, {
    path: ["learnerId"],
    message: SCHEDULING_MESSAGES.bookingForNobody,
  });
export type BookDemoSlotInput = z.input<typeof bookDemoSlotSchema>;

export const rescheduleSchema = z.object({ startsAt: instantSchema });

/** The open slots of a course between two instants. */
export const slotQuerySchema = z.object({ courseId: positiveId, from: instantSchema, to: instantSchema });

/** A child under a parent account: first name and grade, birth year optional (no surname, no photo). */
export const learnerSchema = z.object({
  firstName: z.string({ error: SCHEDULING_MESSAGES.firstNameRequired }).trim().min(1, SCHEDULING_MESSAGES.firstNameRequired).max(60),
  grade: z.coerce
    .number({ error: SCHEDULING_MESSAGES.gradeInvalid })
    .int(SCHEDULING_MESSAGES.gradeInvalid)
    .min(1, SCHEDULING_MESSAGES.gradeInvalid)
    .max(12, SCHEDULING_MESSAGES.gradeInvalid),
  // An empty field is no birth year; anything else must be a year (one message for every way it is not).
  birthYear: z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    z.coerce
      .number({ error: SCHEDULING_MESSAGES.birthYearInvalid })
      .int(SCHEDULING_MESSAGES.birthYearInvalid)
      .min(1990, SCHEDULING_MESSAGES.birthYearInvalid)
      .max(2100, SCHEDULING_MESSAGES.birthYearInvalid)
      .optional(),
  ),
});
/** What a form sends: every field as typed (the schema coerces and checks). */
export type LearnerInput = { firstName: string; grade: number | string; birthYear?: number | string | null };
