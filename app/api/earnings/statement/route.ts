import { statementCsvFor } from "@/lib/commerce/earnings/reading";
import { getActor } from "@/lib/platform/auth/session";
import { downloadResponse, errorResponse } from "@/lib/platform/http/responses";

/**
 * GET ?month=YYYY-MM[&teacher=ID]: one month's earnings statement as CSV (issue 28). A teacher gets
 * their own (another teacher's id: 404); an admin names any teacher.
 */
export async function GET(request: Request): Promise<Response> {
  try {
    const params = new URL(request.url).searchParams;
    const { csv, filename } = await statementCsvFor(await getActor(), {
      month: params.get("month") ?? undefined,
      teacher: params.get("teacher") ?? undefined,
    });
    return downloadResponse(csv, { contentType: "text/csv; charset=utf-8", filename });
  } catch (error) {
    return errorResponse(error, "earnings statement export");
  }
}
