import { DateTime } from "luxon";

/**
 * When a child can take a free demo, in the family's own zone: after school on weekdays, in the
 * daytime at weekends (minutes after local midnight, start inclusive, end exclusive of the demo's
 * end). A family's picker offers only these; support, on the phone with the family, sees every time.
 */
export const FAMILY_DEMO_HOURS = {
  weekday: { from: 15 * 60, to: 19 * 60 },
  weekend: { from: 9 * 60, to: 18 * 60 },
} as const;

/** Whether a demo from `startsAt` to `endsAt` (ISO instants) falls in a child's hours in `zone`. */
export function suitsChildren(slot: { startsAt: string; endsAt: string }, zone: string): boolean {
  const start = DateTime.fromISO(slot.startsAt, { zone });
  const end = DateTime.fromISO(slot.endsAt, { zone });
  if (!start.isValid || !end.isValid || start.toISODate() !== end.minus({ milliseconds: 1 }).toISODate()) return false;
  const hours = start.weekday >= 6 ? FAMILY_DEMO_HOURS.weekend : FAMILY_DEMO_HOURS.weekday;
  const from = start.hour * 60 + start.minute;
  const to = from + end.diff(start, "minutes").minutes;
  return from >= hours.from && to <= hours.to;
}
