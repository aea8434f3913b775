import { logEventSchema } from "@/lib/event-log/schema";
import { recordLogEvent } from "@/lib/event-log/service";
import { getCurrentUser } from "@/lib/platform/auth/current-user";
import { clientAddress, enforceRateLimit, RATE_LIMITS } from "@/lib/platform/http/rate-limit";
import { assertSameOrigin, readJsonBody, requestMetadata } from "@/lib/platform/http/request";
import { errorResponse, jsonMessage, parseInput } from "@/lib/platform/http/responses";

/**
 * SPEC 7: POST /api/v1/logevent; the client reads `ok` and `message`. The event's user is the
 * session's, not the body's (security issue item 8).
 */
export async function POST(request: Request) {
  try {
    assertSameOrigin(request);
    await enforceRateLimit(RATE_LIMITS.logEvent, clientAddress(request));
    const input = parseInput(logEventSchema, await readJsonBody(request));
    // The session lives in a cookie: a request without any (most anonymous page views) has none,
    // and skips the session read and its users-row lookup.
    const user = request.headers.has("cookie") ? await getCurrentUser() : null;
    const id = await recordLogEvent(input, requestMetadata(request), user?.databaseId ?? null);
    return jsonMessage(201, "Event logged.", { id });
  } catch (error) {
    return errorResponse(error, "logevent");
  }
}
