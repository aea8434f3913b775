import "server-only";

import { recordAudit } from "@/lib/audit/audit";
import { authorize, type Actor } from "@/lib/platform/auth/permissions";
import { getDb } from "@/lib/platform/db/client";
import type { LeadFilters } from "@/lib/demo-requests/queue-schema";
import { iterateLeads, type QueueLead } from "@/lib/demo-requests/queue";
import { leadStatusLabel } from "@/lib/demo-requests/status";

const COLUMNS: Array<[string, (lead: QueueLead) => string | number | Date | null]> = [
  ["id", (l) => l.id],
  ["received_at", (l) => l.createdAt],
  ["name", (l) => l.name],
  ["email", (l) => l.userEmail],
  ["phone", (l) => l.phone],
  ["course", (l) => l.courseTitle ?? l.course],
  ["grade", (l) => l.grade],
  ["class_type", (l) => l.classType],
  ["message", (l) => l.message],
  ["source_page", (l) => l.sourcePage],
  ["status", (l) => leadStatusLabel(l.status)],
  ["status_changed_at", (l) => l.statusChangedAt],
  ["status_changed_by", (l) => l.statusChangedBy],
  ["first_contacted_at", (l) => l.firstContactedAt],
  ["note", (l) => l.note],
];

/**
 * One CSV field (RFC 4180 quoting). Text a family typed that starts like a formula is prefixed
 * with an apostrophe, so opening the export in a spreadsheet never runs it.
 */
export function csvField(value: string | number | Date | null): string {
  if (value === null) return "";
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "number") return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvLine(values: Array<string | number | Date | null>): string {
  return `${values.map(csvField).join(",")}\r\n`;
}

/** The filtered queue as a CSV stream, read from the database in batches as the client downloads it. */
export function leadsCsvStream(actor: Actor, filters: LeadFilters): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const batches = iterateLeads(actor, filters);
  let isHeaderSent = false;
  return new ReadableStream({
    async pull(controller) {
      if (!isHeaderSent) {
        isHeaderSent = true;
        controller.enqueue(encoder.encode(csvLine(COLUMNS.map(([name]) => name))));
        return;
      }
      const next = await batches.next();
      if (next.done) return controller.close();
      controller.enqueue(encoder.encode(next.value.map((lead) => csvLine(COLUMNS.map(([, read]) => read(lead)))).join("")));
    },
    async cancel() {
      await batches.return(undefined);
    },
  });
}

/**
 * The export as a staff action: families' contact details leave the system in it, so it is
 * authorized and recorded (who, when, which filters) before the first byte is sent.
 */
export async function exportLeads(actor: Actor | null | undefined, filters: LeadFilters): Promise<ReadableStream<Uint8Array>> {
  authorize(actor, "leads.read");
  await recordAudit(await getDb(), actor, { action: "lead.export", targetType: "demo_request", targetId: "export", details: { filters } });
  return leadsCsvStream(actor, filters);
}
