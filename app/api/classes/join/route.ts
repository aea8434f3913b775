import { resolveJoinUrl } from "@/lib/classroom/join";
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
    const user = await requireApiUser();
    const parsed = joinTarget.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!parsed.success) throw new AppError("forbidden", CLASSROOM_MESSAGES.notBooked);
    const url = await resolveJoinUrl({ id: user.databaseId, email: user.email, role: user.role }, parsed.data);
    return new Response(null, { status: 303, headers: { Location: url, "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } });
  } catch (error) {
    return errorResponse(error, "classes join");
  }
}
