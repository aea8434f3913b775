import { randomUUID } from "node:crypto";

import { after } from "next/server";

import { demoRequestSchema, idempotencyKeySchema } from "@/lib/demo-requests/schema";
import { isHoneypotFilled } from "@/lib/demo-requests/honeypot";
import { createDemoRequest, forwardPendingDemoRequests, isForwardingConfigured } from "@/lib/demo-requests/service";
import { HttpError } from "@/lib/http/errors";
import { handleJsonPost } from "@/lib/http/handle-json-post";
import { RATE_LIMITS } from "@/lib/http/rate-limit";
import { requestMetadata } from "@/lib/http/request";
import { jsonMessage } from "@/lib/http/responses";

const RECEIVED = "Your demo request has been received.";

/** SPEC 7: POST {api}/api/book-free-demo. The lead is committed before the answer says so. */
export async function POST(request: Request) {
  return handleJsonPost(
    request,
    demoRequestSchema,
    "book-free-demo",
    async (input) => {
      const { ipAddress, userAgent } = requestMetadata(request);
      const created = await createDemoRequest(input, { idempotencyKey: readIdempotencyKey(request), ipAddress, userAgent });
      if (created.isNew && isForwardingConfigured()) kickForwarding();
      return jsonMessage(created.isNew ? 201 : 200, RECEIVED, { id: created.id });
    },
    {
      rateLimit: RATE_LIMITS.demoRequest,
      // A bot that filled the honeypot hears what a person hears, and nothing is stored.
      beforeParse: (body) => (isHoneypotFilled(body) ? jsonMessage(201, RECEIVED, { id: randomUUID() }) : null),
    },
  );
}

/** Forwards right after the answer is sent; the outbox timer (instrumentation.ts) catches anything missed. */
function kickForwarding() {
  const task = () => forwardPendingDemoRequests().catch((error) => console.error("[outbox] forward failed:", error));
  try {
    after(task);
  } catch {
    // Outside a request scope (a direct call in a test): the timer delivers instead.
  }
}

function readIdempotencyKey(request: Request): string | undefined {
  const header = request.headers.get("idempotency-key");
  if (header === null) return undefined;
  const parsed = idempotencyKeySchema.safeParse(header);
  if (!parsed.success) throw new HttpError(400, "The Idempotency-Key header must be 8 to 128 letters, digits or . _ : -");
  return parsed.data;
}
