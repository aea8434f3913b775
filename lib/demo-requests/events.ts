import "server-only";

import { defineEvent } from "@/lib/platform/events/events";
import { z } from "@/lib/platform/zod";

/**
 * What the lead funnel tells the rest of the product, written in the transaction that stores the
 * change (lib/platform/events). Who reacts: lib/reactions/table.ts.
 */

/** A new demo request stored (a repeated idempotency key stores none, so tells nothing). */
export const leadCreated = defineEvent("lead.created", z.object({ demoRequestId: z.string().min(1) }));
