import "server-only";

import { defineEvent } from "@/lib/platform/events/events";
import { z } from "@/lib/platform/zod";

/** What the teacher road tells the rest of the product (issue 38). Who reacts: lib/reactions/table.ts. */

/** An application was sent from /become-a-teacher: the applicant's acknowledgement. */
export const teacherApplicationReceived = defineEvent(
  "teacher-application.received",
  z.object({ applicationId: z.number().int().positive() }),
);

/** An admin approved (the teacher is public) or declined (with a reason) an application: the applicant hears which. */
export const teacherApplicationDecided = defineEvent(
  "teacher-application.decided",
  z.object({ applicationId: z.number().int().positive() }),
);

/** An admin reviewed a new teacher's first listing: on sale (approved) or returned to draft with a note. */
export const teacherListingReviewed = defineEvent(
  "teacher-listing.reviewed",
  z.object({
    sectionId: z.number().int().positive(),
    approved: z.boolean(),
    note: z.string().max(1000).nullable(),
    /** The review's instant (ISO): each review is its own email, a repeated delivery of one is not. */
    reviewedAt: z.string(),
  }),
);

/** An admin accepted a teacher's proposed course (now in the catalogue) or returned it with a note: the teacher hears which. */
export const courseProposalDecided = defineEvent("course-proposal.decided", z.object({ proposalId: z.number().int().positive() }));

/** A teacher's bio edited after approval was let through by support (lib/teachers/bio-review.ts): their public page shows it. */
export const teacherBioPublished = defineEvent("teacher.bio-published", z.object({ teacherId: z.number().int().positive() }));

/**
 * A teacher's clearance ran out (teacher_profiles.cleared_until passed: a check expired, or one was
 * recorded as failed), found by a timed job every minute (lib/teachers/vetting/expiry.ts): their sections
 * are off sale from that instant, so the cached public pages showing them are expired at once.
 */
export const teacherClearanceLapsed = defineEvent(
  "teacher.clearance-lapsed",
  z.object({ teacherId: z.number().int().positive(), clearedUntil: z.string() }),
);
