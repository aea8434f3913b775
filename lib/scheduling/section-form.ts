import { AppError } from "@/lib/platform/errors";

import { sectionSchema, type SectionInput } from "./schema";
import { canonicalTimeZone, minuteToClock } from "./time";

/** What the section form sends and shows: the price as an amount in the currency ("149.00"), not in minor units. */
export interface SectionFormValues {
  courseId: string;
  teacherId: string;
  classType: string;
  capacity: string;
  price: string;
  currency: string;
  startsOn: string;
  endsOn: string;
  weekdays: string[];
  startTime: string;
  timezone: string;
  durationMinutes: string;
  meetingUrl: string;
  status: string;
}

/**
 * The form's confirmation that closing the section (or making it a draft) withdraws its families
 * with a full refund; its value is what the form showed (lib/commerce/refunds/section-close-schema.ts).
 */
export const WITHDRAW_FIELD = "withdrawEnrolled";

export const PRICE_AMOUNT_MESSAGE = "Enter the price as an amount, like 149.00.";

function decimalsOf(currency: string): number | null {
  try {
    return new Intl.NumberFormat("en-US", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return null;
  }
}

/**
 * "149.00" USD as 14900: digits only, no float arithmetic (149.10 * 100 is 14909.999…), at most the
 * currency's own decimals. Null for anything else; an unknown currency uses 2 (its own message says so).
 */
export function amountToMinor(amount: string, currency: string): number | null {
  const digits = decimalsOf(currency.trim().toUpperCase()) ?? 2;
  const match = /^(\d{1,9})(?:\.(\d*))?$/.exec(amount.trim().replace(/,/g, ""));
  if (!match) return null;
  const fraction = match[2] ?? "";
  if (fraction.length > digits) return null;
  return Number(match[1]) * 10 ** digits + Number(fraction.padEnd(digits, "0") || "0");
}

/** Integer minor units as the amount the form shows: 14900 USD is "149.00". */
export function minorToAmount(minor: number, currency: string): string {
  const digits = decimalsOf(currency) ?? 2;
  const text = String(minor).padStart(digits + 1, "0");
  return digits === 0 ? text : `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/**
 * The form's fields as sectionSchema's input, priced in `currency` (the shop's, from the server's
 * configuration: the form has no currency field). A price that is not an amount is refused here
 * together with every other field's message, so one submit names everything that is missing.
 */
export function sectionInputFromForm(form: FormData, currency: string): SectionInput {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const priceMinor = amountToMinor(text("price"), currency);
  const endsOn = text("endsOn").trim();
  const input: SectionInput = {
    courseId: text("courseId"),
    teacherId: text("teacherId"),
    classType: text("classType") as SectionInput["classType"],
    capacity: text("capacity"),
    priceMinor: priceMinor ?? 0,
    currency,
    startsOn: text("startsOn"),
    endsOn: endsOn === "" ? undefined : endsOn,
    weekdays: form.getAll("weekdays").map(String),
    startTime: text("startTime"),
    timezone: text("timezone"),
    durationMinutes: text("durationMinutes"),
    meetingUrl: text("meetingUrl"),
    status: text("status") as SectionInput["status"],
  };
  if (priceMinor === null) {
    const fieldErrors: Record<string, string> = { price: PRICE_AMOUNT_MESSAGE };
    for (const issue of sectionSchema.safeParse(input).error?.issues ?? []) {
      fieldErrors[sectionFormField(String(issue.path[0] ?? ""))] ??= issue.message;
    }
    throw new AppError("invalid", PRICE_AMOUNT_MESSAGE, { fieldErrors });
  }
  return input;
}

/** The field a message of sectionSchema belongs to on the form (the price is entered as an amount, in the shop's currency). */
export function sectionFormField(schemaField: string): string {
  return schemaField === "priceMinor" || schemaField === "currency" ? "price" : (schemaField.split(".")[0] ?? schemaField);
}

/** A stored section as the form's values. */
export function sectionFormValues(row: {
  courseId: number;
  teacherId: number;
  classType: string;
  capacity: number;
  priceMinor: number;
  currency: string;
  startsOn: string;
  endsOn: string | null;
  rrule: string;
  startMinute: number;
  timezone: string;
  durationMinutes: number;
  meetingUrl: string | null;
  status: string;
}): SectionFormValues {
  const codes = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"];
  const byDay = /BYDAY=([A-Z,]+)/.exec(row.rrule)?.[1]?.split(",") ?? [];
  return {
    courseId: String(row.courseId),
    teacherId: String(row.teacherId),
    classType: row.classType,
    capacity: String(row.capacity),
    price: minorToAmount(row.priceMinor, row.currency),
    currency: row.currency,
    startsOn: row.startsOn,
    endsOn: row.endsOn ?? "",
    weekdays: byDay.map((code) => String(codes.indexOf(code) + 1)).filter((day) => day !== "0"),
    startTime: minuteToClock(row.startMinute),
    timezone: canonicalTimeZone(row.timezone),
    durationMinutes: String(row.durationMinutes),
    meetingUrl: row.meetingUrl ?? "",
    // "Full" is the seats' doing, not a choice: the form offers Open, and saving keeps it full while it is.
    status: row.status === "full" ? "open" : row.status,
  };
}
