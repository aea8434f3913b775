import { readHomeworkFile } from "@/lib/homework/views";
import { getActor } from "@/lib/platform/auth/session";
import { getDb } from "@/lib/platform/db/client";
import { AppError } from "@/lib/platform/errors";
import { errorResponse } from "@/lib/platform/http/responses";

/**
 * GET: one handed-in file, for its child's parent, the section's teacher or an admin (anyone else:
 * 404, as for no such file). Served as the type its content was checked to be, never sniffed, never
 * cached, in a sandbox so even a crafted file runs nothing; pictures open in the tab, a PDF downloads.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  try {
    const { id } = await params;
    if (!/^\d{1,9}$/.test(id)) throw new AppError("not-found", "We could not find that file.");
    const file = await readHomeworkFile(await getDb(), await getActor(), Number(id));
    const disposition = file.mediaType === "application/pdf" ? "attachment" : "inline";
    return new Response(new Uint8Array(file.bytes), {
      headers: {
        "content-type": file.mediaType,
        "content-disposition": `${disposition}; filename="${file.name.replace(/[^\x20-\x7e]/g, "_")}"`,
        "cache-control": "private, no-store",
        "x-content-type-options": "nosniff",
        "content-security-policy": "sandbox; default-src 'none'; img-src 'self'",
      },
    });
  } catch (error) {
    return errorResponse(error, "homework file");
  }
}
