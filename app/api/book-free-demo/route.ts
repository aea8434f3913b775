import { randomUUID } from "node:crypto";

import { isHoneypotFilled } from "@/lib/demo-requests/honeypot";
import { signLeadToken } from "@/lib/demo-requests/lead-token";
import { demoRequestSchema, idempotencyKeySchema } from "@/lib/demo-requests/schema";
import { createDemoRequest } from "@/lib/demo-requests/service";
import { isOwnLearner } from "@/lib/scheduling/learners";
import { getCurrentUser } from "@/lib/platform/auth/current-user";
import { AppError } from "@/lib/platform/errors";
import { clientAddress, enforceRateLimit, RATE_LIMITS } from "@/lib/platform/http/rate-limit";
import { assertSameOrigin, readJsonBody, requestMetadata } from "@/lib/platform/http/request";
import { errorResponse, jsonMessage, parseInput } from "@/lib/platform/http/responses";

const RECEIVED = "Your demo request has been received.";
const NOT_YOUR_CHILD = "Choose one of your children, or sign in to the account they are on.";
/** The same email and grade within a day: the first request took the new answers (lib/demo-requests/service.ts). */
export const UPDATED = "We already had your request from today, so we updated it with these answers instead of making a second one.";

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
    // A child picked on the form must be the signed-in parent's own.
    if (input.learnerId !== undefined && !(user && (await isOwnLearner(user.databaseId, input.learnerId))))
      throw new AppError("forbidden", NOT_YOUR_CHILD, { fieldErrors: { learnerId: NOT_YOUR_CHILD } });
    const created = await createDemoRequest(input, {
      idempotencyKey: readIdempotencyKey(request),
      ipAddress,
      userAgent,
      userId: user?.databaseId ?? null,
    });
    // bookingToken: the time picker's proof that this caller made the lead (a signed-out family books for it).
    return jsonMessage(created.isNew ? 201 : 200, created.isRepeat ? UPDATED : RECEIVED, {
      id: created.id,
      isRepeat: created.isRepeat === true,
      bookingToken: signLeadToken(created.id),
    });
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
