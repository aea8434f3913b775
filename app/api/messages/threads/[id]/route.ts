import { getThread } from "@/lib/messages/threads";
import { requireApiUser } from "@/lib/platform/auth/session";
import { errorResponse } from "@/lib/platform/http/responses";

/**
 * GET /api/messages/threads/{id}: one thread as the signed-in person may see it (issue 28), as
 * JSON: 401 signed out, 404 (`{ message }`) for a thread that is not theirs or does not exist, so
 * an id reveals nothing. Masked originals only for support and admins. Never cached.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  try {
    const user = await requireApiUser();
    const { id } = await params;
    const thread = await getThread({ id: user.databaseId, email: user.email, role: user.role }, id);
    return Response.json({ ok: true, thread }, { headers: { "Cache-Control": "private, no-store" } });
  } catch (error) {
    return errorResponse(error, "message thread");
  }
}
