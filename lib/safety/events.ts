import { defineEvent } from "@/lib/platform/events/events";
import { z } from "@/lib/platform/zod";

/** A concern closed by support (lib/safety/concerns.ts): lib/reactions/concern-mail.ts tells the reporter. */
export const concernClosed = defineEvent("concern.closed", z.object({ concernId: z.number().int().positive() }));

/**
 * A teacher suspended on a concern (lib/safety/concern-actions.ts): their sections closed, the seats
 * with sessions to come withdrawn (`bookingIds`) and refunded to Cash (`refundIds`), the profile's
 * approval withdrawn and their conversations blocked in that transaction; lib/reactions/concern-mail.ts
 * tells each family whose seat was withdrawn. (Events written before seats were withdrawn carry no ids.)
 */
export const teacherSuspended = defineEvent(
  "teacher.suspended",
  z.object({
    teacherId: z.number().int().positive(),
    concernId: z.number().int().positive(),
    bookingIds: z.array(z.string()).default([]),
    refundIds: z.array(z.number().int().positive()).default([]),
  }),
);

/** A review hidden by support on a concern (lib/safety/concern-actions.ts): the pages that show reviews drop it. */
export const reviewHidden = defineEvent("review.hidden", z.object({ concernId: z.number().int().positive() }));

/**
 * The link allow-list changed (lib/safety/link-hosts.ts): lib/reactions/link-hosts.ts forgets the
 * cached list in the process that delivers it, so screening reads the new one.
 */
export const linkHostsChanged = defineEvent("link-hosts.changed", z.object({ host: z.string() }));
