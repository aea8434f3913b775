import { logEventSchema } from "@/lib/events/schema";
import { recordLogEvent } from "@/lib/events/service";
import { assertSameOrigin, readJsonBody, requestMetadata } from "@/lib/http/request";
import { errorResponse, jsonMessage, validationErrorResponse } from "@/lib/http/responses";

/** SPEC 7: POST /api/v1/logevent; the client reads `ok` and `message`. */
export async function POST(request: Request) {
  try {
    assertSameOrigin(request);
    const parsed = logEventSchema.safeParse(await readJsonBody(request));
    if (!parsed.success) return validationErrorResponse(parsed.error);
    const id = await recordLogEvent(parsed.data, requestMetadata(request));
    return jsonMessage(201, "Event logged.", { id });
  } catch (error) {
    return errorResponse(error, "logevent");
  }
}
