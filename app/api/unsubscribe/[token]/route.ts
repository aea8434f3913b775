import { getDb } from "@/lib/platform/db/client";
import { errorResponse, jsonMessage } from "@/lib/platform/http/responses";
import { limitTokenGuesses } from "@/lib/platform/http/token-guesses";
import { unsubscribeByToken } from "@/lib/notifications/preferences";

/**
 * RFC 8058 one-click unsubscribe: a mail client POSTs "List-Unsubscribe=One-Click" here from its
 * own servers (cross-site by design, so no Origin check: the unguessable per-address token is the
 * credential, and all it can do is stop non-essential email). The unsubscribe page's button posts
 * the same form and is sent back to the page. Wrong tokens count against the caller's address
 * (RATE_LIMITS.tokenGuesses: 429 with Retry-After past it); real ones never do.
 */
export async function POST(request: Request, context: { params: Promise<{ token: string }> }) {
  const { token } = await context.params;
  try {
    const db = await getDb();
    const done = await limitTokenGuesses(
      request.headers,
      () => unsubscribeByToken(db, token),
      (found) => !found,
    );
    if (!done) return jsonMessage(404, "This unsubscribe link is not one of ours, or it was mistyped.");
    if ((request.headers.get("accept") ?? "").includes("text/html")) {
      return new Response(null, { status: 303, headers: { Location: `/unsubscribe/${encodeURIComponent(token)}` } });
    }
    return jsonMessage(200, "You are unsubscribed from non-essential email.");
  } catch (error) {
    return errorResponse(error, "unsubscribe");
  }
}
