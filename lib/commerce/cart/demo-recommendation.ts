import "server-only";

import { and, eq, sql } from "drizzle-orm";

import { getDb } from "@/lib/platform/db/client";
import { learners } from "@/lib/platform/db/schema/index";
import { AppError } from "@/lib/platform/errors";
import { UNNAMED_CHILD } from "@/lib/scheduling/learners";
import { findDemoOutcome } from "@/lib/scheduling/demo-outcomes";
import { verifyEnrolToken } from "@/lib/scheduling/demo-enrol-link";

import { addToCart } from "./cart";

export const RECOMMENDATION_MESSAGES = {
  invalid: "This enrolment link is not valid. Choose a class on the course page instead.",
  gone: "The class recommended after the demo no longer takes new students. Choose another on the course page.",
} as const;

export type RecommendedSeat =
  | { added: true; sectionId: number; learnerName: string; courseTitle: string }
  /** The seat could not be added as is (no grade known, a full class, already enrolled): the cart shows the class and why. */
  | { added: false; sectionId: number; message: string };

/**
 * Where a signed-out visitor with an enrol link is sent: to sign in when the demo was booked from
 * an account (its child is on one), else to sign up (a family that booked signed out has none).
 * A link that names no recommendation is refused here, before anything is kept for it.
 */
export async function enrolLinkNeedsAccount(token: string): Promise<"signin" | "signup"> {
  const bookingId = verifyEnrolToken(token);
  if (!bookingId) throw new AppError("not-found", RECOMMENDATION_MESSAGES.invalid);
  const outcome = await findDemoOutcome(await getDb(), bookingId, "UTC");
  if (!outcome || outcome.status !== "attended") throw new AppError("not-found", RECOMMENDATION_MESSAGES.invalid);
  return outcome.learnerId === null ? "signup" : "signin";
}

/**
 * The one-click enrol of a demo's outcome (lib/scheduling/demo-enrol-link.ts): puts a seat in the
 * recommended section into the signed-in parent's cart. The child is the demo's own when it is on
 * this account; else a child of this account with the same first name and grade; else a new child
 * with the demo's first name (or "Your child", to rename later, as a demo attached after sign-up
 * has) and grade. The cart's own rules apply (open, not full, not already enrolled).
 */
export async function addRecommendedSeat(userId: number, token: string, now = new Date()): Promise<RecommendedSeat> {
  const bookingId = verifyEnrolToken(token);
  if (!bookingId) throw new AppError("not-found", RECOMMENDATION_MESSAGES.invalid);
  const db = await getDb();
  const outcome = await findDemoOutcome(db, bookingId, "UTC", now);
  if (!outcome || outcome.status !== "attended") throw new AppError("not-found", RECOMMENDATION_MESSAGES.invalid);
  if (!outcome.recommended) throw new AppError("conflict", RECOMMENDATION_MESSAGES.gone);
  const { sectionId } = outcome.recommended;
  const firstName = outcome.child === "your child" ? UNNAMED_CHILD : outcome.child;

  let child: { learnerId: number } | { firstName: string; grade: number } | null = null;
  if (outcome.learnerId !== null && outcome.learnerParentId === userId) child = { learnerId: outcome.learnerId };
  else if (outcome.grade !== null) {
    const [same] = await db
      .select({ id: learners.id })
      .from(learners)
      .where(and(eq(learners.parentId, userId), eq(learners.grade, outcome.grade), sql`lower(${learners.firstName}) = lower(${firstName})`))
      .limit(1);
    child = same ? { learnerId: same.id } : { firstName, grade: outcome.grade };
  }
  if (!child) return { added: false, sectionId, message: "Choose which child the seat is for." };
  try {
    const added = await addToCart(userId, { sectionId, ...child }, now);
    return { added: true, sectionId, ...added };
  } catch (error) {
    if (error instanceof AppError && error.code !== "unauthenticated") return { added: false, sectionId, message: error.message };
    throw error;
  }
}
