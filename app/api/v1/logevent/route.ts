import { logEventSchema } from "@/lib/events/schema";
import { recordLogEvent } from "@/lib/events/service";
import { handleJsonPost } from "@/lib/http/handle-json-post";
import { RATE_LIMITS } from "@/lib/http/rate-limit";
import { requestMetadata } from "@/lib/http/request";
import { jsonMessage } from "@/lib/http/responses";

/** SPEC 7: POST /api/v1/logevent; the client reads `ok` and `message`. */
export async function POST(request: Request) {
  return handleJsonPost(
    request,
    logEventSchema,
    "logevent",
    async (input) => {
      const id = await recordLogEvent(input, requestMetadata(request));
      return jsonMessage(201, "Event logged.", { id });
    },
    { rateLimit: RATE_LIMITS.logEvent },
  );
}
