import { z } from "@/lib/platform/zod";

import { timezoneSchema } from "./schema";

/** The messages of changing one session (issue 27), once for the forms and the server. */
export const SESSION_CHANGE_MESSAGES = {
  notYourSection: "You can only change the sessions of your own sections.",
  sectionNotRunning: "This section is not running: its sessions cannot be changed.",
  notASession: "That session is not one of this section's.",
  sessionStarted: "This session has already started: it can no longer be moved or cancelled.",
  alreadyCancelled: "This session is cancelled. Propose a make-up session instead.",
  notCancelled: "Only a cancelled session gets a make-up session.",
  alreadyCredited: "This session was already credited to the families, so it can no longer get a make-up.",
  timeInvalid: "Enter a date and time like 2026-03-10T16:00.",
  timeSkipped: "That time does not exist on that day in this zone (the clocks go forward). Pick another.",
  timePast: "Pick a time in the future.",
  teacherBusy: (what: string) => `The teacher is busy then (${what}). Pick another time.`,
  unchanged: "That is the session's time already.",
} as const;

const occurrence = z.iso.datetime({ offset: true, error: SESSION_CHANGE_MESSAGES.notASession });
/** A wall time, as a datetime-local field sends it. */
const localTime = z
  .string({ error: SESSION_CHANGE_MESSAGES.timeInvalid })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, SESSION_CHANGE_MESSAGES.timeInvalid);

/** The zone the wall time was typed in: the page shows the viewer's own (absent: the section's). */
const typedIn = timezoneSchema.optional();

export const moveSessionSchema = z.object({ occurrence, startsAt: localTime, timezone: typedIn });
export const cancelSessionSchema = z.object({ occurrence });
export const makeupSessionSchema = z.object({ occurrence, startsAt: localTime, timezone: typedIn });

export type MoveSessionInput = z.input<typeof moveSessionSchema>;
export type CancelSessionInput = z.input<typeof cancelSessionSchema>;
export type MakeupSessionInput = z.input<typeof makeupSessionSchema>;
