import { resolveJoinUrl } from "@/lib/classroom/join";
import { resolveLearnerJoinUrl } from "@/lib/learner-access/classes";
import { currentLearner } from "@/lib/learner-access/session";
import { CLASSROOM_MESSAGES, joinTarget } from "@/lib/classroom/schema";
import { requireApiUser } from "@/lib/platform/auth/session";
import { AppError } from "@/lib/platform/errors";
import { errorResponse } from "@/lib/platform/http/responses";

/**
 * GET ?section=ID or ?booking=UUID: off to the meeting, for its teacher or a booked family while the
 * Join window is open. The link is on no page: this is the one place that hands it out.
 */
export async function GET(request: Request): Promise<Response> {
  try {
    // A child signed in on their own joins their own classes only (lib/learner-access/classes.ts).
    const learner = await currentLearner();
    const actor = learner
      ? learner.parent
      : await requireApiUser().then((user) => ({ id: user.databaseId, email: user.email, role: user.role }));
    const parsed = joinTarget.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!parsed.success) throw new AppError("forbidden", CLASSROOM_MESSAGES.notBooked);
    const url = learner ? await resolveLearnerJoinUrl(learner, parsed.data) : await resolveJoinUrl(actor, parsed.data);
    return new Response(null, { status: 303, headers: { Location: url, "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } });
  } catch (error) {
    return errorResponse(error, "classes join");
  }
}
