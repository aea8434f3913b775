import { getActor } from "@/lib/auth/session";
import { exportLeads } from "@/lib/demo-requests/csv";
import { parseLeadFilters } from "@/lib/demo-requests/queue-schema";
import { errorResponse } from "@/lib/http/responses";

/** GET: the support queue, filtered as the page's query string says, as a CSV download. */
export async function GET(request: Request): Promise<Response> {
  try {
    const actor = await getActor();
    const filters = parseLeadFilters(Object.fromEntries(new URL(request.url).searchParams));
    const day = new Date().toISOString().slice(0, 10);
    return new Response(await exportLeads(actor, filters), {
      headers: {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="demo-requests-${day}.csv"`,
        "cache-control": "no-store",
      },
    });
  } catch (error) {
    return errorResponse(error, "demo-requests export");
  }
}
