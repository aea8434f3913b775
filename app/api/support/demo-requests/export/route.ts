import { getActor } from "@/lib/platform/auth/session";
import { exportLeads } from "@/lib/demo-requests/csv";
import { parseLeadFilters } from "@/lib/demo-requests/queue-schema";
import { downloadResponse, errorResponse } from "@/lib/platform/http/responses";

/** GET: the support queue, filtered as the page's query string says, as a CSV download. */
export async function GET(request: Request): Promise<Response> {
  try {
    const actor = await getActor();
    const filters = parseLeadFilters(Object.fromEntries(new URL(request.url).searchParams));
    const day = new Date().toISOString().slice(0, 10);
    return downloadResponse(await exportLeads(actor, filters), {
      contentType: "text/csv; charset=utf-8",
      filename: `demo-requests-${day}.csv`,
    });
  } catch (error) {
    return errorResponse(error, "demo-requests export");
  }
}
