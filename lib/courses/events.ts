import "server-only";

import { defineEvent } from "@/lib/platform/events/events";
import { z } from "@/lib/platform/zod";

/** What course admin tells the rest of the product (lib/platform/events). Who reacts: lib/reactions/table.ts. */

/** An admin created or edited a course, or published or hid it: the pages that show it change. */
export const courseChanged = defineEvent("course.changed", z.object({ courseId: z.number().int().positive() }));
