import { getActor } from "@/lib/platform/auth/session";
import { downloadResponse, errorResponse } from "@/lib/platform/http/responses";
import { exportAccountData } from "@/lib/privacy/export";

/**
 * GET: everything held about account `id`, as a JSON download (issue 26 finding 7): an admin for
 * any account, support for one whose email is verified; audited. A refusal is a JSON message with
 * its status (400 malformed id, 403 not allowed or unverified, 404 no such account).
 */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  try {
    const actor = await getActor();
    const { id } = await params;
    const data = await exportAccountData(actor, id);
    return downloadResponse(JSON.stringify(data, null, 2), {
      contentType: "application/json; charset=utf-8",
      filename: `personal-data-account-${data.account.id}.json`,
    });
  } catch (error) {
    return errorResponse(error, "personal data export");
  }
}
