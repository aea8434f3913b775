import "server-only";

import { getDb } from "@/lib/db/client";
import { logEvents } from "@/lib/db/schema";
import type { LogEventInput } from "@/lib/events/schema";

export interface EventMetadata {
  ipAddress: string | null;
  userAgent: string | null;
  referer: string | null;
}

/** Stores a log event with server time and request metadata; returns its id. */
export async function recordLogEvent(input: LogEventInput, meta: EventMetadata): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .insert(logEvents)
    .values({
      eventName: input.eventName,
      userId: input.userId,
      currentUrl: input.currentUrl,
      additionalInfo: input.additionalInfo,
      ...meta,
    })
    .returning({ id: logEvents.id });
  if (!row) throw new Error("insert returned no row");
  return row.id;
}
