"use server";

import { renewFeed } from "@/lib/learner-access/feeds";
import { requireActor } from "@/lib/platform/auth/session";
import { runForData } from "@/lib/platform/http/action-result";

/** A new private calendar link of the teacher's own sections and demos: the old one stops working. */
export async function renewTeacherFeedAction() {
  return runForData("calendar-feed-teacher", async () => {
    const actor = await requireActor("sections.manage");
    return renewFeed({ scope: "teacher", userId: actor.id });
  });
}
