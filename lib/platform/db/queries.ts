import "server-only";

import { eq, sql, type AnyColumn, type SQL } from "drizzle-orm";
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

/**
 * THE RULE for how a teacher is named wherever a family (or their child) sees them (issue 38): the
 * public name of their teacher profile, as their public page shows it ("Ms. Harper"), else, for an
 * account with no profile, its display name; never the account's display name over a public name
 * ("Demo Teacher" in a thread while the page says "Ms. Harper"). Message threads and their emails,
 * the booking emails, the child's classes and calendar, homework emails and certificates name the
 * teacher through here (several domains do, so it sits with their shared queries).
 */
export function teacherNameShown(publicName: string | null | undefined, displayName: string | null | undefined): string | null {
  return publicName?.trim() || displayName?.trim() || null;
}

/**
 * teacherNameShown in SQL, for the teacher whose users.id is `teacherId` (a column of the query, or
 * a value): a correlated subquery, so it composes into any query without a join. The id is read
 * first in a VALUES list with no table of its own, so an unqualified column (Drizzle does not
 * qualify them in a one-table query: `"id"` over `users`) is the caller's, never the subquery's.
 */
export function teacherNameForFamilies(teacherId: AnyColumn | SQL | number): SQL<string | null> {
  return sql<string | null>`(select coalesce(
    (select nullif(btrim(shown_tp.public_name), '') from teacher_profiles shown_tp where shown_tp.user_id = shown_teacher.id),
    (select nullif(btrim(shown_u.display_name), '') from users shown_u where shown_u.id = shown_teacher.id))
    from (values (${teacherId})) as shown_teacher(id))`;
}
