import { MASKED_NOTE } from "@/lib/messages/schema";
import { postMessage } from "@/lib/messages/threads";
import { requireApiUser } from "@/lib/platform/auth/session";
import { assertSameOrigin, readJsonBody } from "@/lib/platform/http/request";
import { errorResponse, jsonMessage } from "@/lib/platform/http/responses";

/**
 * POST /api/messages `{ threadId, body }`: a message from the signed-in person to a thread they
 * take part in (support and admins: any, as Support). 404 for a thread that is not theirs or does
 * not exist, 400 empty or over 2,000 characters, 409 blocked, 429 too many; each a JSON
 * `{ message }`. The thread page's form posts through its server action; this is the same call
 * for API clients.
 */
export async function POST(request: Request): Promise<Response> {
  try {
    assertSameOrigin(request);
    const user = await requireApiUser();
    const input = await readJsonBody(request);
    const threadId = typeof input === "object" && input !== null && "threadId" in input ? input.threadId : undefined;
    const posted = await postMessage({ id: user.databaseId, email: user.email, role: user.role }, threadId, input);
    return jsonMessage(201, posted.isMasked ? MASKED_NOTE : "Message sent.", { messageId: posted.messageId, masked: posted.isMasked });
  } catch (error) {
    return errorResponse(error, "post message");
  }
}
