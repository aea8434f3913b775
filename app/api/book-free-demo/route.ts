import { randomUUID } from "node:crypto";

import { isHoneypotFilled } from "@/lib/demo-requests/honeypot";
import { signLeadToken } from "@/lib/demo-requests/lead-token";
import { demoRequestSchema, idempotencyKeySchema } from "@/lib/demo-requests/schema";
import { createDemoRequest } from "@/lib/demo-requests/service";
import { getCurrentUser } from "@/lib/platform/auth/current-user";
import { AppError } from "@/lib/platform/errors";
import { clientAddress, enforceRateLimit, RATE_LIMITS } from "@/lib/platform/http/rate-limit";
import { assertSameOrigin, readJsonBody, requestMetadata } from "@/lib/platform/http/request";
import { errorResponse, jsonMessage, parseInput } from "@/lib/platform/http/responses";

const RECEIVED = "Your demo request has been received.";

/**
 * SPEC 7: POST {api}/api/book-free-demo. The lead is committed before the answer says so.
 * The Origin check comes before the limit: it costs no write, and another site that makes its
 * visitors' browsers post here must not use up their quota. Everything after it is counted.
 */
export async function POST(request: Request) {
  try {
    assertSameOrigin(request);
    await enforceRateLimit(RATE_LIMITS.demoRequest, clientAddress(request));
    const body = await readJsonBody(request);
    // A bot that filled the honeypot hears what a person hears, and nothing is stored.
    if (isHoneypotFilled(body)) {
      const id = randomUUID();
      return jsonMessage(201, RECEIVED, { id, bookingToken: signLeadToken(id) });
    }
    const input = parseInput(demoRequestSchema, body);
    const { ipAddress, userAgent } = requestMetadata(request);
    // Made while signed in: the account sees it at once, verified email or not (security issue: account
    // squatting). Without a cookie there is no session, and no session read (as /api/v1/logevent).
    const user = request.headers.has("cookie") ? await getCurrentUser() : null;
    const created = await createDemoRequest(input, {
      idempotencyKey: readIdempotencyKey(request),
      ipAddress,
      userAgent,
      userId: user?.databaseId ?? null,
    });
    // bookingToken: the time picker's proof that this caller made the lead (a signed-out family books for it).
    return jsonMessage(created.isNew ? 201 : 200, RECEIVED, { id: created.id, bookingToken: signLeadToken(created.id) });
  } catch (error) {
    return errorResponse(error, "book-free-demo");
  }
}

function readIdempotencyKey(request: Request): string | undefined {
  const header = request.headers.get("idempotency-key");
  if (header === null) return undefined;
  const parsed = idempotencyKeySchema.safeParse(header);
  if (!parsed.success) throw new AppError("invalid", "The Idempotency-Key header must be 8 to 128 letters, digits or . _ : -");
  return parsed.data;
}
