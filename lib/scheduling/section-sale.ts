import { and, eq, gt, inArray, isNotNull, isNull, or } from "drizzle-orm";

import { courses, sections, teacherProfiles } from "@/lib/platform/db/schema";

type SectionStatus = (typeof sections.$inferSelect)["status"];

/**
 * Section statuses on sale: `open`, and `full` (on sale, with no seat left to sell). A checkout that
 * takes a section's last seat sets it `full` and a freed seat opens it again
 * (lib/commerce/seats/seats.ts); a teacher may set either. Families see a full section as full,
 * never as closed or gone.
 */
export const ON_SALE_SECTION_STATUSES = ["open", "full"] as const satisfies readonly SectionStatus[];

/** What decides whether a section is on sale, read with it (select these columns: saleFactsColumns). */
export interface SaleFacts {
  status: SectionStatus;
  courseIsPublished: boolean;
  /** Null for a teacher not (or no longer) approved, or without a profile. */
  teacherApprovedAt: Date | null;
  /** Issue 38: the earliest expiry of the teacher's checks; past it nothing of theirs is sold. Null: no checks on record to expire. */
  teacherClearedUntil: Date | null;
  /** Issue 38: a new teacher whose first listing an admin has not approved yet ("in review"); null without a profile. */
  teacherListingReviewPending: boolean | null;
}

/** The columns of SaleFacts, for a query that joins sections to courses and (left) to teacher_profiles. */
export const saleFactsColumns = {
  status: sections.status,
  courseIsPublished: courses.isPublished,
  teacherApprovedAt: teacherProfiles.approvedAt,
  teacherClearedUntil: teacherProfiles.clearedUntil,
  teacherListingReviewPending: teacherProfiles.listingReviewPending,
};

/**
 * The one rule of "is this section on sale" (issue 26, finding 9): a status on sale, a published
 * course, an approved teacher, whose checks are in date and whose first listing an admin has
 * approved (issue 38). A section is shown to families, added to a cart and sold only then; a
 * draft, an unpublished course, an unapproved teacher's class, one "in review" or one of a teacher
 * whose check expired cannot be reached by its id (`/cart?add=<id>`) either. Seats already sold
 * are not touched: their sessions run as bought.
 */
export function isSectionOnSale(facts: SaleFacts, now: Date = new Date()): boolean {
  return (
    (ON_SALE_SECTION_STATUSES as readonly SectionStatus[]).includes(facts.status) &&
    facts.courseIsPublished &&
    facts.teacherApprovedAt !== null &&
    facts.teacherListingReviewPending === false &&
    (facts.teacherClearedUntil === null || facts.teacherClearedUntil > now)
  );
}

/** isSectionOnSale as a where clause, for lists that filter in the database (the same joins as saleFactsColumns). */
export const sectionOnSaleWhere = (now: Date = new Date()) =>
  and(
    inArray(sections.status, ON_SALE_SECTION_STATUSES),
    eq(courses.isPublished, true),
    isNotNull(teacherProfiles.approvedAt),
    eq(teacherProfiles.listingReviewPending, false),
    or(isNull(teacherProfiles.clearedUntil), gt(teacherProfiles.clearedUntil, now)),
  );

/** Seats a family can still buy, given the live seats taken: none in a `full` section, whatever its capacity says. */
export function seatsLeftIn(section: { status: SectionStatus; capacity: number }, taken: number): number {
  return section.status === "full" ? 0 : Math.max(0, section.capacity - taken);
}

/**
 * Seats left as families are shown them (the course page, the cart), counting the card holds that
 * ran out (`lapsed`, of `taken`) as free before anything releases them. A section `full` shows seats
 * only when those holds had filled it, as their release will reopen it (reopenFreedSections); one a
 * teacher set full with seats to spare stays full. Seats offered to a waitlist, and those a release
 * would offer to the children waiting, are not for sale to others (lib/scheduling/waitlist.ts).
 */
export function seatsLeftShown(
  section: { status: SectionStatus; capacity: number },
  { taken, lapsed, offers = 0, waiting = 0 }: { taken: number; lapsed: number; offers?: number; waiting?: number },
): number {
  const live = taken - lapsed;
  const reserved = offers + waiting;
  if (section.status === "full") {
    return taken + offers >= section.capacity && live + reserved < section.capacity ? section.capacity - live - reserved : 0;
  }
  return Math.max(0, section.capacity - live - reserved);
}
