import { mediaServer, MEDIA_MESSAGES } from "@/lib/classroom/media-server";
import { currentLearner } from "@/lib/learner-access/session";
import { requireApiUser } from "@/lib/platform/auth/session";
import { assertSameOrigin } from "@/lib/platform/http/request";
import { errorResponse, jsonMessage } from "@/lib/platform/http/responses";

/**
 * The media server's HTTP API on our own origin (the pages' CSP allows no other), for signed-in
 * people (a child on their own sign-in too): each request still needs a Janus token the app signed for one person and one class.
 * Only session and handle ids in the path; anything else is refused here.
 */
type Context = { params: Promise<{ path?: string[] }> };

/** Janus holds a long poll up to 30 s. */
const LONG_POLL_MS = 40_000;

async function forward(request: Request, context: Context): Promise<Response> {
  try {
    if (request.method === "POST") assertSameOrigin(request);
    if (!(await currentLearner())) await requireApiUser();
    const server = mediaServer();
    if (!server) return jsonMessage(503, MEDIA_MESSAGES.unavailable);
    const { path = [] } = await context.params;
    if (path.length > 2 || !path.every((part) => /^\d{1,20}$/.test(part))) return jsonMessage(404, "No such media server address.");
    const url = new URL(request.url);
    const target = `${server.url}${path.map((p) => `/${p}`).join("")}${url.search}`;
    let upstream: Response;
    try {
      upstream = await fetch(target, {
        method: request.method,
        headers: { "Content-Type": "application/json" },
        body: request.method === "POST" ? await request.text() : undefined,
        signal: AbortSignal.timeout(LONG_POLL_MS),
      });
    } catch {
      return jsonMessage(503, MEDIA_MESSAGES.unavailable, {}, { "Retry-After": "2" });
    }
    const text = await upstream.text();
    // Janus answers a forged or expired token with 200 and an error 403 inside: a 403 here, with words.
    if (/"code"\s*:\s*403\b/.test(text) && /"janus"\s*:\s*"error"/.test(text)) {
      return jsonMessage(403, MEDIA_MESSAGES.passRefused, { janus: "error", error: { code: 403, reason: MEDIA_MESSAGES.passRefused } });
    }
    return new Response(text, {
      status: upstream.status,
      headers: { "Content-Type": "application/json", "Cache-Control": "no-store" },
    });
  } catch (error) {
    return errorResponse(error, "classroom media");
  }
}

export const GET = forward;
export const POST = forward;
