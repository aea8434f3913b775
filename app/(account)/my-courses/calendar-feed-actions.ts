"use server";

import { renewFeed } from "@/lib/learner-access/feeds";
import { learnerIdSchema } from "@/lib/learner-access/schema";
import { requireApiUser } from "@/lib/platform/auth/session";
import { runForData } from "@/lib/platform/http/action-result";
import { AppError } from "@/lib/platform/errors";

/** A new private calendar link for the whole family, or (with a child's id) for one child: the old one stops working. */
export async function renewFamilyFeedAction(learnerId: number | null = null) {
  return runForData("calendar-feed-family", async () => {
    const user = await requireApiUser();
    if (learnerId === null) return renewFeed({ scope: "family", userId: user.databaseId });
    const id = learnerIdSchema.safeParse(learnerId);
    if (!id.success) throw new AppError("not-found", "That child is not on your account.");
    return renewFeed({ scope: "learner", userId: user.databaseId, learnerId: id.data });
  });
}
