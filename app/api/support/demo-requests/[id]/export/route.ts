import { getActor } from "@/lib/platform/auth/session";
import { downloadResponse, errorResponse } from "@/lib/platform/http/responses";
import { exportLeadPersonalData, exportNotFound } from "@/lib/privacy/export";

/** GET: everything held about the request's email, as a JSON download (security issue: export; audited). */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  try {
    const actor = await getActor();
    const { id } = await params;
    const data = await exportLeadPersonalData(actor, id);
    if (!data) throw exportNotFound();
    return downloadResponse(JSON.stringify(data, null, 2), {
      contentType: "application/json; charset=utf-8",
      filename: `personal-data-${id}.json`,
    });
  } catch (error) {
    return errorResponse(error, "personal data export");
  }
}
