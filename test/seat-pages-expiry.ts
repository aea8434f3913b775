import { deliverChained } from "@/lib/platform/outbox/outbox";
import type { Database } from "@/lib/platform/db/client";
import { expireCoursePage, expireSeatPages } from "@/lib/reactions/seat-pages";
import { eventSenders } from "@/lib/wiring/outbox-routes";

/**
 * The outbox as the worker runs it, for the hand-over of events and the pages' expiries only (not the
 * mail handlers, whose rows a test's made-up payloads would fail): what expires the seat pages after
 * a change that no server action answered (a webhook, a timed job).
 */
export const deliverSeatPageExpiries = (db: Database) =>
  deliverChained(
    db,
    Object.fromEntries(
      Object.entries(eventSenders()).filter(
        ([topic]) =>
          topic.startsWith("event:") || topic.endsWith(`:${expireSeatPages.name}`) || topic.endsWith(`:${expireCoursePage.name}`),
      ),
    ),
    { rounds: 10 },
  );
