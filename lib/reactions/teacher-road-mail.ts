import "server-only";

import { eq } from "drizzle-orm";

import { enqueueEmail } from "@/lib/notifications/email";
import {
  applicationApprovedEmail,
  applicationDeclinedEmail,
  applicationReceivedEmail,
  courseProposalDecidedEmail,
  listingReviewedEmail,
} from "@/lib/notifications/messages/teacher-application";
import { brand } from "@/lib/platform/brand";
import type { Database } from "@/lib/platform/db/client";
import { courseProposals, courses, sections, teacherApplications, teacherProfiles, users } from "@/lib/platform/db/schema";
import type { Handler } from "@/lib/platform/events/reactions";

/**
 * Issue 38: the applicant's emails on the teacher road, rendered when the event is delivered from
 * the rows as they are then (an application decided by then is told of as decided, once each).
 * Sent to the application's reply address.
 */
async function applicationOf(db: Database, applicationId: number) {
  const [row] = await db
    .select({
      name: teacherApplications.name,
      email: teacherApplications.email,
      status: teacherApplications.status,
      reason: teacherApplications.declineReason,
      userId: teacherApplications.userId,
      slug: teacherProfiles.slug,
    })
    .from(teacherApplications)
    .leftJoin(teacherProfiles, eq(teacherProfiles.userId, teacherApplications.userId))
    .where(eq(teacherApplications.id, applicationId));
  return row ?? null;
}

const common = (name: string) => ({ readerName: name, productName: brand.name, statusUrl: `${brand.siteUrl}/become-a-teacher` });

export const applicationReceivedMail: Handler<{ applicationId: number }> = {
  name: "application-received-mail",
  handle: async (db, { applicationId }) => {
    const application = await applicationOf(db, applicationId);
    if (!application) return;
    await enqueueEmail(db, `teacher-application:${applicationId}:received`, {
      ...applicationReceivedEmail(common(application.name)),
      to: application.email,
    });
  },
};

export const applicationDecidedMail: Handler<{ applicationId: number }> = {
  name: "application-decided-mail",
  handle: async (db, { applicationId }) => {
    const application = await applicationOf(db, applicationId);
    if (!application || application.status === "pending") return;
    const content =
      application.status === "approved"
        ? applicationApprovedEmail({
            ...common(application.name),
            teacherPageUrl: `${brand.siteUrl}/teachers/${application.slug ?? ""}`,
            dashboardUrl: `${brand.siteUrl}/teacher/dashboard`,
          })
        : applicationDeclinedEmail({ ...common(application.name), reason: application.reason ?? "" });
    await enqueueEmail(db, `teacher-application:${applicationId}:${application.status}`, { ...content, to: application.email });
  },
};

export const listingReviewedMail: Handler<{ sectionId: number; approved: boolean; note: string | null; reviewedAt: string }> = {
  name: "listing-reviewed-mail",
  handle: async (db, { sectionId, approved, note, reviewedAt }) => {
    const [row] = await db
      .select({ email: users.email, name: teacherProfiles.publicName, courseTitle: courses.title })
      .from(sections)
      .innerJoin(users, eq(users.id, sections.teacherId))
      .innerJoin(courses, eq(courses.id, sections.courseId))
      .leftJoin(teacherProfiles, eq(teacherProfiles.userId, sections.teacherId))
      .where(eq(sections.id, sectionId));
    if (!row) return;
    const content = listingReviewedEmail({
      readerName: row.name,
      courseTitle: row.courseTitle,
      approved,
      note,
      sectionUrl: `${brand.siteUrl}/teacher/sections/${sectionId}`,
    });
    await enqueueEmail(db, `section:${sectionId}:listing-review:${approved ? "approved" : "returned"}:${reviewedAt}`, {
      ...content,
      to: row.email,
    });
  },
};

/**
 * An admin accepted a teacher's proposed course or returned it with a note: the teacher's email,
 * rendered from the proposal as it is at delivery (one per decision; a pending proposal, none).
 */
export const courseProposalDecidedMail: Handler<{ proposalId: number }> = {
  name: "course-proposal-decided-mail",
  handle: async (db, { proposalId }) => {
    const [row] = await db
      .select({
        title: courseProposals.title,
        status: courseProposals.status,
        note: courseProposals.note,
        email: users.email,
        name: teacherProfiles.publicName,
        displayName: users.displayName,
        courseSlug: courses.slug,
      })
      .from(courseProposals)
      .innerJoin(users, eq(users.id, courseProposals.teacherId))
      .leftJoin(teacherProfiles, eq(teacherProfiles.userId, courseProposals.teacherId))
      .leftJoin(courses, eq(courses.id, courseProposals.courseId))
      .where(eq(courseProposals.id, proposalId));
    if (!row || row.status === "pending") return;
    const content = courseProposalDecidedEmail({
      readerName: row.name ?? row.displayName,
      proposalTitle: row.title,
      accepted: row.status === "accepted",
      note: row.note,
      courseUrl: row.courseSlug ? `${brand.siteUrl}/courses/${row.courseSlug}` : null,
      coursesUrl: `${brand.siteUrl}/teacher/courses`,
    });
    await enqueueEmail(db, `course-proposal:${proposalId}:${row.status}`, { ...content, to: row.email });
  },
};
