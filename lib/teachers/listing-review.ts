import "server-only";

import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";

import { recordAudit } from "@/lib/audit/audit";
import { authorize, type Actor } from "@/lib/platform/auth/permissions";
import { getDb } from "@/lib/platform/db/client";
import { courses, sections, teacherApplications, teacherProfiles, users } from "@/lib/platform/db/schema/index";
import { AppError } from "@/lib/platform/errors";
import { emit } from "@/lib/platform/events/events";
import { parseInput } from "@/lib/platform/http/responses";
import { z } from "@/lib/platform/zod";
import { ON_SALE_SECTION_STATUSES } from "@/lib/scheduling/section-sale";
import { teacherListingReviewed } from "@/lib/teachers/events";

/**
 * Issue 38, "first listing reviewed, then self-serve": a newly approved teacher's sections published
 * as Open wait "in review" (teacher_profiles.listing_review_pending; the on-sale rule reads it) until
 * an admin approves one. Approving puts all of them on sale and every later one at once; returning
 * sends that section back to draft with a note. Either way the teacher hears by email.
 */
export const LISTING_REVIEW_MESSAGES = {
  noteRequired: "Tell the teacher what to change: the note is sent to them.",
  notInReview: "That section is not waiting for review.",
} as const;

const reviewSchema = z.object({
  sectionId: z.coerce.number().int().positive(LISTING_REVIEW_MESSAGES.notInReview),
  decision: z.enum(["approve", "return"], { error: "Choose approve or return." }),
  note: z.string().trim().max(1000, "Keep the note under 1,000 characters.").optional(),
});

export interface ListingInReview {
  sectionId: number;
  courseTitle: string;
  courseSlug: string;
  teacherId: number;
  teacherName: string;
  teacherEmail: string;
  teacherSlug: string;
  approvedAt: Date | null;
  applicationId: number | null;
  priceMinor: number;
  currency: string;
  status: string;
}

/** Sections published by teachers whose first listing is not yet approved: the admin's queue, oldest first. */
export async function listListingsInReview(actor: Actor | null): Promise<ListingInReview[]> {
  authorize(actor, "applications.decide");
  const db = await getDb();
  return db
    .select({
      sectionId: sections.id,
      courseTitle: courses.title,
      courseSlug: courses.slug,
      teacherId: sections.teacherId,
      teacherName: teacherProfiles.publicName,
      teacherEmail: users.email,
      teacherSlug: teacherProfiles.slug,
      approvedAt: teacherProfiles.approvedAt,
      applicationId: teacherApplications.id,
      priceMinor: sections.priceMinor,
      currency: sections.currency,
      status: sections.status,
    })
    .from(sections)
    .innerJoin(courses, eq(courses.id, sections.courseId))
    .innerJoin(teacherProfiles, eq(teacherProfiles.userId, sections.teacherId))
    .innerJoin(users, eq(users.id, sections.teacherId))
    .leftJoin(teacherApplications, and(eq(teacherApplications.userId, sections.teacherId), eq(teacherApplications.status, "approved")))
    .where(
      and(
        eq(teacherProfiles.listingReviewPending, true),
        isNotNull(teacherProfiles.approvedAt),
        inArray(sections.status, ON_SALE_SECTION_STATUSES),
      ),
    )
    .orderBy(asc(sections.updatedAt), asc(sections.id));
}

/** An admin approves a first listing (the teacher sells on their own from now on) or returns it to draft with a note. */
export async function reviewListing(actor: Actor | null, input: unknown, now = new Date()): Promise<string> {
  authorize(actor, "applications.decide");
  const { sectionId, decision, note } = parseInput(reviewSchema, input);
  if (decision === "return" && !note) {
    throw new AppError("invalid", LISTING_REVIEW_MESSAGES.noteRequired, { fieldErrors: { note: LISTING_REVIEW_MESSAGES.noteRequired } });
  }
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        teacherId: sections.teacherId,
        status: sections.status,
        pending: teacherProfiles.listingReviewPending,
        title: courses.title,
      })
      .from(sections)
      .innerJoin(courses, eq(courses.id, sections.courseId))
      .innerJoin(teacherProfiles, eq(teacherProfiles.userId, sections.teacherId))
      .where(eq(sections.id, sectionId))
      .for("update", { of: teacherProfiles });
    if (!row || !row.pending || !(ON_SALE_SECTION_STATUSES as readonly string[]).includes(row.status)) {
      throw new AppError("conflict", LISTING_REVIEW_MESSAGES.notInReview);
    }
    if (decision === "approve") {
      await tx
        .update(teacherProfiles)
        .set({ listingReviewPending: false, updatedAt: now })
        .where(eq(teacherProfiles.userId, row.teacherId));
    } else {
      await tx.update(sections).set({ status: "draft", updatedAt: now }).where(eq(sections.id, sectionId));
    }
    await recordAudit(tx, actor, {
      action: `section.listing_${decision}`,
      targetType: "section",
      targetId: sectionId,
      details: { teacherId: row.teacherId, ...(note ? { note } : {}) },
    });
    await emit(tx, teacherListingReviewed, {
      sectionId,
      approved: decision === "approve",
      note: note || null,
      reviewedAt: now.toISOString(),
    });
    return decision === "approve"
      ? `${row.title} is on sale, and this teacher's sections go on sale as they publish them.`
      : `${row.title} is back in draft; the teacher has your note.`;
  });
}
