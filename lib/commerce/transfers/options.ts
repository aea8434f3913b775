import "server-only";

import { and, asc, eq, inArray } from "drizzle-orm";

import type { Database } from "@/lib/platform/db/client";
import { courses, sections, teacherProfiles } from "@/lib/platform/db/schema";
import { isSectionOnSale, saleFactsColumns, seatsLeftShown } from "@/lib/scheduling/section-sale";
import { sectionSessions } from "@/lib/scheduling/sessions";
import { shownSeatsBySection } from "@/lib/scheduling/slots";
import { formatInstantInZone } from "@/lib/scheduling/time";
import { weeklyTimesLabel } from "@/lib/scheduling/weekly-times";

import { isCardPaymentAvailable } from "@/lib/commerce/payments/stripe";
import { formatMoney } from "@/lib/commerce/wallet/money";

const WEEK_MS = 7 * 86_400_000;
const YEAR_MS = 366 * 86_400_000;

/** Another section of the seat's course a family could move to, as the family reads it (its zone). */
export interface TransferTarget {
  sectionId: number;
  /** "Tue & Fri 9:00 AM Pacific Time (Los Angeles), with Ms Rivera, first Tue, Mar 10, 2026, 9:00 AM …: $20.00 more". */
  label: string;
  /** What it costs more than the seat's price, in minor units (negative: back to the Cash). */
  differenceMinor: number;
}

/** A seat that may move: its order item, section, course and what it cost. */
export interface MovableSeat {
  orderItemId: number;
  sectionId: number;
  courseId: number;
  priceMinor: number;
}

function priceNote(differenceMinor: number): string {
  // Short of Cash, the move offers the card for what is missing (lib/commerce/transfers/transfers.ts).
  if (differenceMinor > 0) return `${formatMoney(differenceMinor)} more, from your Cash${isCardPaymentAvailable() ? " or by card" : ""}`;
  if (differenceMinor < 0) return `${formatMoney(-differenceMinor)} back to your Cash`;
  return "same price";
}

/**
 * For each seat, the other sections of its course on sale with a seat shown free and sessions to
 * come, in the viewer's zone. What the form offers; transferSeat decides again under its locks.
 */
export async function transferTargets(
  db: Database,
  seats: MovableSeat[],
  zone: string,
  now = new Date(),
): Promise<Map<number, TransferTarget[]>> {
  const byItem = new Map<number, TransferTarget[]>(seats.map((seat) => [seat.orderItemId, []]));
  const courseIds = [...new Set(seats.map((seat) => seat.courseId))];
  if (courseIds.length === 0) return byItem;
  const rows = await db
    .select({ section: sections, teacherName: teacherProfiles.publicName, ...saleFactsColumns })
    .from(sections)
    .innerJoin(courses, eq(courses.id, sections.courseId))
    .leftJoin(teacherProfiles, eq(teacherProfiles.userId, sections.teacherId))
    .where(and(inArray(sections.courseId, courseIds), inArray(sections.status, ["open"])))
    .orderBy(asc(sections.startMinute), asc(sections.id));
  const counts = await shownSeatsBySection(
    db,
    rows.map((row) => row.section.id),
    now,
  );
  for (const row of rows) {
    if (!isSectionOnSale(row)) continue;
    const count = counts.get(row.section.id);
    if (!count || seatsLeftShown(row.section, count) === 0) continue;
    const [first] = sectionSessions(row.section, now, new Date(now.getTime() + YEAR_MS));
    if (!first) continue;
    const week = sectionSessions(row.section, new Date(first.startsAt), new Date(Date.parse(first.startsAt) + WEEK_MS)).map(
      (s) => s.startsAt,
    );
    for (const seat of seats) {
      if (seat.courseId !== row.section.courseId || seat.sectionId === row.section.id) continue;
      const teacher = row.teacherName ? `, with ${row.teacherName}` : "";
      byItem.get(seat.orderItemId)!.push({
        sectionId: row.section.id,
        label: `${weeklyTimesLabel(week, zone)}${teacher}; first session ${formatInstantInZone(first.startsAt, zone)} (${priceNote(row.section.priceMinor - seat.priceMinor)})`,
        differenceMinor: row.section.priceMinor - seat.priceMinor,
      });
    }
  }
  return byItem;
}
