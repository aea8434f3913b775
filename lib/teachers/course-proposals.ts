import "server-only";

import { and, desc, eq, like } from "drizzle-orm";

import { recordAudit } from "@/lib/audit/audit";
import { authorize, type Actor } from "@/lib/platform/auth/permissions";
import { emit } from "@/lib/platform/events/events";
import type { CourseCategory } from "@/lib/platform/constants";
import { getDb, type Transaction } from "@/lib/platform/db/client";
import { courseProposals, courses, courseTeachers, teacherProfiles, users } from "@/lib/platform/db/schema/index";
import { AppError } from "@/lib/platform/errors";
import { parseInput } from "@/lib/platform/http/responses";

import { courseProposalSchema, PROPOSAL_MESSAGES, proposalDecisionSchema } from "./course-proposal-schema";
import { courseProposalDecided } from "./events";

/**
 * Issue 38: a teacher proposes a course the catalogue lacks; an admin accepts it (a published
 * catalogue course, which the proposer teaches at once) or returns it with a note the teacher reads.
 */
export interface ProposalRow {
  id: number;
  title: string;
  category: CourseCategory;
  gradeMin: number;
  gradeMax: number;
  description: string;
  outcomes: string;
  status: "pending" | "accepted" | "returned";
  note: string | null;
  createdAt: Date;
  teacherName: string;
  courseSlug: string | null;
}

const columns = {
  id: courseProposals.id,
  title: courseProposals.title,
  category: courseProposals.category,
  gradeMin: courseProposals.gradeMin,
  gradeMax: courseProposals.gradeMax,
  description: courseProposals.description,
  outcomes: courseProposals.outcomes,
  status: courseProposals.status,
  note: courseProposals.note,
  createdAt: courseProposals.createdAt,
  teacherName: teacherProfiles.publicName,
  teacherEmail: users.email,
  courseSlug: courses.slug,
};

async function listProposals(where: ReturnType<typeof eq> | undefined) {
  const db = await getDb();
  const rows = await db
    .select(columns)
    .from(courseProposals)
    .innerJoin(users, eq(users.id, courseProposals.teacherId))
    .leftJoin(teacherProfiles, eq(teacherProfiles.userId, courseProposals.teacherId))
    .leftJoin(courses, eq(courses.id, courseProposals.courseId))
    .where(where)
    .orderBy(desc(courseProposals.createdAt), desc(courseProposals.id));
  return rows.map(({ teacherEmail, teacherName, ...row }) => ({ ...row, teacherName: teacherName ?? teacherEmail }));
}

/** A teacher proposes a new course. */
export async function proposeCourse(actor: Actor | null, input: unknown): Promise<string> {
  authorize(actor, "availability.manage");
  const proposal = parseInput(courseProposalSchema, input);
  const db = await getDb();
  await db.insert(courseProposals).values({ teacherId: actor.id, ...proposal });
  return `Thank you: ${proposal.title} is with our team for review.`;
}

/** The teacher's own proposals, newest first. */
export async function listOwnProposals(actor: Actor | null): Promise<ProposalRow[]> {
  authorize(actor, "availability.manage");
  return listProposals(eq(courseProposals.teacherId, actor.id));
}

/** Proposals waiting for an admin. */
export async function listPendingProposals(actor: Actor | null): Promise<ProposalRow[]> {
  authorize(actor, "courses.manage");
  return (await listProposals(eq(courseProposals.status, "pending"))).reverse();
}

/** A free slug from the title: its words, with -2, -3 ... when taken. */
async function freeSlug(tx: Transaction, title: string) {
  const base =
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 70) || "course";
  const taken = new Set(
    (
      await tx
        .select({ slug: courses.slug })
        .from(courses)
        .where(like(courses.slug, `${base}%`))
    ).map((r) => r.slug),
  );
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    if (!taken.has(slug)) return slug;
  }
}

/** An admin accepts a proposal (a published course its teacher teaches) or returns it with a note. */
export async function decideProposal(actor: Actor | null, input: unknown): Promise<{ message: string; slug: string | null }> {
  authorize(actor, "courses.manage");
  const { proposalId, decision, note } = parseInput(proposalDecisionSchema, input);
  if (decision === "return" && !note) {
    throw new AppError("invalid", PROPOSAL_MESSAGES.noteRequired, { fieldErrors: { note: PROPOSAL_MESSAGES.noteRequired } });
  }
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [proposal] = await tx
      .select()
      .from(courseProposals)
      .where(and(eq(courseProposals.id, proposalId), eq(courseProposals.status, "pending")))
      .for("update");
    if (!proposal) throw new AppError("conflict", PROPOSAL_MESSAGES.notPending);
    let courseId: number | null = null;
    let slug: string | null = null;
    if (decision === "accept") {
      slug = await freeSlug(tx, proposal.title);
      const description = `${proposal.description}\n\nWhat children learn: ${proposal.outcomes}`.slice(0, 2000);
      const [course] = await tx
        .insert(courses)
        .values({
          slug,
          title: proposal.title,
          category: proposal.category,
          description,
          gradeMin: proposal.gradeMin,
          gradeMax: proposal.gradeMax,
        })
        .returning({ id: courses.id });
      courseId = course!.id;
      await tx.insert(courseTeachers).values({ courseId, teacherId: proposal.teacherId });
    }
    await tx
      .update(courseProposals)
      .set({
        status: decision === "accept" ? "accepted" : "returned",
        note: note || null,
        decidedById: actor.id,
        decidedAt: new Date(),
        courseId,
        updatedAt: new Date(),
      })
      .where(eq(courseProposals.id, proposalId));
    await recordAudit(tx, actor, {
      action: `course_proposal.${decision}`,
      targetType: "course",
      targetId: courseId ?? `proposal-${proposalId}`,
      details: { proposalId, title: proposal.title, ...(note ? { note } : {}) },
    });
    // The teacher's email (accepted, or returned with the note), rendered at delivery from the proposal as decided.
    await emit(tx, courseProposalDecided, { proposalId });
    return {
      message:
        decision === "accept"
          ? `${proposal.title} is in the catalogue, taught by its proposer, who has been told by email.`
          : `${proposal.title} was returned with your note, which the teacher gets by email.`,
      slug,
    };
  });
}
