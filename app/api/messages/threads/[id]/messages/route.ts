import { MASKED_NOTE } from "@/lib/messages/schema";
import { postMessage } from "@/lib/messages/threads";
import { requireApiUser } from "@/lib/platform/auth/session";
import { assertSameOrigin, readJsonBody } from "@/lib/platform/http/request";
import { errorResponse, jsonMessage } from "@/lib/platform/http/responses";

/**
 * POST /api/messages/threads/{id}/messages `{ body }`: a message from the signed-in person to a
 * thread they take part in (support and admins: any, as support). 404 for a thread that is not
 * theirs, 400 empty or over 2,000 characters, 409 blocked, 429 too many; each a JSON `{ message }`.
 * The thread page's form posts through its server action; this is the same call for API clients.
 */
export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  try {
    assertSameOrigin(request);
    const user = await requireApiUser();
    const { id } = await params;
    const body = await readJsonBody(request);
    const posted = await postMessage({ id: user.databaseId, email: user.email, role: user.role }, id, body);
    return jsonMessage(201, posted.isMasked ? MASKED_NOTE : "Message sent.", { messageId: posted.messageId, masked: posted.isMasked });
  } catch (error) {
    return errorResponse(error, "post message");
  }
}
