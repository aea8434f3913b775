import { DateTime } from "luxon";

/** The time picker's shapes, shared by the server that fills them and the client that shows them. */
export interface PickerSlot {
  teacherId: number;
  startsAt: string;
  /** "4:00 PM" in the family's zone. */
  label: string;
}
export interface PickerDay {
  /** yyyy-MM-dd in the family's zone. */
  date: string;
  /** "Tue, Mar 10". */
  label: string;
  slots: PickerSlot[];
}

export type DataResult<T> = { ok: true; data: T } | { ok: false; message: string };

/** The server actions of the time picker after the demo form, passed down from the page. */
export interface TimePickerActions {
  listSlots: (input: { leadToken: string; timezone: string }) => Promise<DataResult<PickerDay[]>>;
  bookSlot: (input: {
    leadToken: string;
    teacherId: number;
    startsAt: string;
    timezone: string;
  }) => Promise<DataResult<{ token: string; startsAt: string; when: string }>>;
}

/** Open slots grouped by the day they fall on in `zone`, one per instant. */
export function groupSlotsByDay(slots: Array<{ teacherId: number; startsAt: string }>, zone: string): PickerDay[] {
  const days = new Map<string, PickerDay>();
  const seen = new Set<string>();
  for (const slot of slots) {
    // Two teachers free at one instant: the family picks a time, not a teacher.
    if (seen.has(slot.startsAt)) continue;
    seen.add(slot.startsAt);
    const local = DateTime.fromISO(slot.startsAt, { zone }).setLocale("en-US");
    const date = local.toISODate() ?? "";
    let day = days.get(date);
    if (!day) days.set(date, (day = { date, label: local.toFormat("ccc, LLL d"), slots: [] }));
    day.slots.push({ teacherId: slot.teacherId, startsAt: slot.startsAt, label: local.toFormat("h:mm a") });
  }
  return [...days.values()];
}
