import { brand } from "@/lib/platform/brand";
import { errorResponse } from "@/lib/platform/http/responses";
import { limitTokenGuesses } from "@/lib/platform/http/token-guesses";
import { demoCalendarFile, findDemoStatus } from "@/lib/demo-requests/demo-booking";

export const dynamic = "force-dynamic";

/** "Add to calendar": the demo booking as an .ics file (no login; the token is the key). */
export async function GET(request: Request, { params }: { params: Promise<{ token: string }> }) {
  try {
    const { token } = await params;
    const status = await limitTokenGuesses(
      request.headers,
      () => findDemoStatus(token),
      (found) => found === null,
    );
    if (!status) return new Response("Not found", { status: 404 });
    const statusUrl = `${brand.siteUrl}/demo/${token}`;
    const body = demoCalendarFile(status, new URL(brand.siteUrl).host, statusUrl);
    return new Response(body, {
      headers: {
        "content-type": "text/calendar; charset=utf-8",
        "content-disposition": 'attachment; filename="free-demo.ics"',
        "cache-control": "private, no-store",
        "x-robots-tag": "noindex",
      },
    });
  } catch (error) {
    return errorResponse(error, "demo-calendar");
  }
}
