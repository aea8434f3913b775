import "server-only";

import { eq } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";

import { attendance, bookings, courses, learners, orderItems, sections } from "@/lib/platform/db/schema";

// The joins several domains write the same way, named once: a seat (an order's item, or its booking)
// or an attendance mark, with its learner, its section and the section's course. Each takes the
// caller's select from that table (made dynamic) and adds the joins; the caller adds its where, its
// order and any further join:
//
//   joinOrderItemSeat(db.select({ title: courses.title }).from(orderItems).$dynamic()).where(...)
//
// All joins are inner, along foreign keys such a row always has (a seat booking has its learner and
// section: bookings_kind), so each row of the first table stays exactly one row.

/** To a query from order_items: the item's learner, section and course. */
export function joinOrderItemSeat<Query extends PgSelect>(query: Query) {
  return query
    .innerJoin(learners, eq(learners.id, orderItems.learnerId))
    .innerJoin(sections, eq(sections.id, orderItems.sectionId))
    .innerJoin(courses, eq(courses.id, sections.courseId));
}

/** To a query from bookings of kind "seat" (the caller's where says so): the seat's learner, section and course. */
export function joinSeatBooking<Query extends PgSelect>(query: Query) {
  return query
    .innerJoin(learners, eq(learners.id, bookings.learnerId))
    .innerJoin(sections, eq(sections.id, bookings.sectionId))
    .innerJoin(courses, eq(courses.id, sections.courseId));
}

/** To a query from attendance: the mark's learner, section and course. */
export function joinAttendanceMark<Query extends PgSelect>(query: Query) {
  return query
    .innerJoin(learners, eq(learners.id, attendance.learnerId))
    .innerJoin(sections, eq(sections.id, attendance.sectionId))
    .innerJoin(courses, eq(courses.id, sections.courseId));
}
