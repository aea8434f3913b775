import { readMailboxAttachment } from "@/lib/notifications/mailbox";
import { isMailboxOpen } from "@/lib/notifications/mailbox-access";

export const dynamic = "force-dynamic";

/** Types served as themselves; anything else is a plain download. */
const SAFE_TYPES = new Set(["text/calendar", "application/ics", "text/plain", "application/pdf"]);

/** Downloads one attachment of a kept message (invite.ics); a 404 wherever the mailbox page is one. */
export async function GET(request: Request, { params }: { params: Promise<{ id: string; index: string }> }) {
  if (!isMailboxOpen(request.headers)) return new Response("Not found", { status: 404 });
  const { id, index } = await params;
  const attachment = /^\d{1,3}$/.test(index) ? await readMailboxAttachment(id, Number(index)) : null;
  if (!attachment) return new Response("Not found", { status: 404 });
  const filename = attachment.filename.replace(/[^\w.-]+/g, "_") || "attachment";
  return new Response(new Uint8Array(attachment.content), {
    headers: {
      "content-type": SAFE_TYPES.has(attachment.contentType) ? `${attachment.contentType}; charset=utf-8` : "application/octet-stream",
      "content-disposition": `attachment; filename="${filename}"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });
}
