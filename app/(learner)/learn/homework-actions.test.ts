import { eq } from "drizzle-orm";

import type { LearnerSession } from "@/lib/learner-access/session";
import { AppError } from "@/lib/platform/errors";
import { homeworkSubmissions } from "@/lib/platform/db/schema";
import { actionTestDatabase } from "@/test/action-context";
import { newFamily } from "@/test/commerce-fixtures";
import { seatedClassWithHomework } from "@/test/homework-fixtures";

/** A child hands in from their own space as themselves: the learner is the signed-in child, never an id the form sends. */
jest.mock("next/headers", () => jest.requireActual("@/test/action-context").nextHeadersMock);
jest.mock("next-auth", () => jest.requireActual("@/test/action-context").nextAuthMock());
jest.mock("next/cache", () => ({ revalidatePath: jest.fn(), revalidateTag: jest.fn() }));
// The child's cookie and its checks are lib/learner-access's (sign-in.test.ts); here, who is signed in.
let signedInChild: LearnerSession | null = null;
jest.mock("@/lib/learner-access/session", () => ({
  requireLearner: async () => {
    if (!signedInChild) throw new AppError("unauthenticated", "Sign in first.");
    return signedInChild;
  },
}));

import { handInAsChildAction } from "./homework-actions";

const db = actionTestDatabase();

const child = (learnerId: number, parentId: number): LearnerSession => ({
  learnerId,
  parentId,
  firstName: "Ada",
  username: `ada${learnerId}`,
  timezone: "America/New_York",
  parent: { id: parentId, email: `p${parentId}@example.com`, role: "student" },
});

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
};

const submissionsOf = (learnerId: number) => db().select().from(homeworkSubmissions).where(eq(homeworkSubmissions.learnerId, learnerId));

it("stores the work as the signed-in child's, whatever learner the form names", async () => {
  const { family, taskId } = await seatedClassWithHomework(db());
  const sibling = await newFamily(db());
  signedInChild = child(family.learnerId, family.parentId);
  const answer = await handInAsChildAction(taskId, form({ text: "My maze has three dead ends", learnerId: String(sibling.learnerId) }));
  expect(answer).toMatchObject({ ok: true });
  expect(await submissionsOf(family.learnerId)).toEqual([
    expect.objectContaining({ text: "My maze has three dead ends", submittedById: null }),
  ]);
  expect(await submissionsOf(sibling.learnerId)).toEqual([]);
});

it("is refused without a child signed in, and for a task of a class the child has no seat in; nothing stored", async () => {
  const { taskId } = await seatedClassWithHomework(db());
  signedInChild = null;
  expect(await handInAsChildAction(taskId, form({ text: "x" }))).toMatchObject({ ok: false });
  const other = await newFamily(db());
  signedInChild = child(other.learnerId, other.parentId);
  expect(await handInAsChildAction(taskId, form({ text: "x" }))).toMatchObject({ ok: false });
  expect(await submissionsOf(other.learnerId)).toEqual([]);
});
