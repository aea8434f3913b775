import { feedCalendar } from "@/lib/learner-access/feeds";
import { errorResponse, jsonMessage } from "@/lib/platform/http/responses";

/**
 * GET /calendar/{token}.ics: a family's, a child's or a teacher's private calendar subscription.
 * A link that was never made, or was replaced by a new one, answers 404 (and a wrong token says
 * nothing of the right ones). Calendars poll it; nothing here is cached by a shared cache.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  try {
    const { token } = await params;
    const calendar = await feedCalendar(token.replace(/\.ics$/, ""));
    if (calendar === null) return jsonMessage(404, "There is no calendar at this link. It may have been replaced by a new one.");
    return new Response(calendar, {
      headers: {
        "Content-Type": "text/calendar; charset=utf-8",
        "Cache-Control": "private, no-store",
        "Referrer-Policy": "no-referrer",
        "X-Robots-Tag": "noindex",
      },
    });
  } catch (error) {
    return errorResponse(error, "calendar feed");
  }
}
