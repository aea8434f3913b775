import { certificatePdf, findCertificate } from "@/lib/homework/certificates";
import { HOMEWORK_MESSAGES } from "@/lib/homework/messages";
import { getDb } from "@/lib/platform/db/client";
import { AppError } from "@/lib/platform/errors";
import { errorResponse } from "@/lib/platform/http/responses";
import { limitTokenGuesses } from "@/lib/platform/http/token-guesses";

/** GET: the certificate as a PDF, for whoever has its (unguessable) address, as its check page is; a forged id is a 404. */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  try {
    const { id } = await params;
    const db = await getDb();
    const certificate = await limitTokenGuesses(
      request.headers,
      () => findCertificate(db, id),
      (found) => found === null,
    );
    if (!certificate) throw new AppError("not-found", HOMEWORK_MESSAGES.certificateNotFound);
    const pdf = await certificatePdf(certificate);
    const name = `certificate-${certificate.learnerFirstName}-${certificate.courseTitle}`.replace(/[^A-Za-z0-9-]+/g, "-").slice(0, 80);
    return new Response(new Uint8Array(pdf), {
      headers: {
        "content-type": "application/pdf",
        "content-disposition": `inline; filename="${name}.pdf"`,
        "cache-control": "private, no-store",
        "x-robots-tag": "noindex",
      },
    });
  } catch (error) {
    return errorResponse(error, "certificate pdf");
  }
}
