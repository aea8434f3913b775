import "server-only";

import { getDb } from "@/lib/platform/db/client";
import { logEvents } from "@/lib/platform/db/schema/index";
import type { LogEventInput } from "@/lib/event-log/schema";

export interface EventMetadata {
  ipAddress: string | null;
  userAgent: string | null;
  referer: string | null;
}

/**
 * Stores a log event with server time and request metadata; returns its id. `sessionUserId` is the
 * signed-in user's users.id: when there is one it is the event's user, whatever the body claims;
 * without a session the body's userId is kept only as a claim (security issue item 8).
 */
export async function recordLogEvent(input: LogEventInput, meta: EventMetadata, sessionUserId: number | null = null): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .insert(logEvents)
    .values({
      eventName: input.eventName,
      userId: sessionUserId === null ? null : String(sessionUserId),
      claimedUserId: sessionUserId === null ? input.userId : null,
      currentUrl: input.currentUrl,
      additionalInfo: input.additionalInfo,
      ...meta,
    })
    .returning({ id: logEvents.id });
  if (!row) throw new Error("insert returned no row");
  return row.id;
}
