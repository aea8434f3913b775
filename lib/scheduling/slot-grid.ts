import { DateTime } from "luxon";

import { WallClocks } from "./time";

/**
 * The pure part of the demo slots: from teachers' weekly hours (their own zone), dated exceptions
 * and busy times, the slots on offer. No database here, so the rules are tested directly and the
 * benchmark measures the computation itself.
 */

export interface WeeklyBlock {
  weekday: number;
  startMinute: number;
  endMinute: number;
}

export interface DatedException {
  /** yyyy-MM-dd in the teacher's zone. */
  date: string;
  kind: "off" | "extra";
  startMinute: number | null;
  endMinute: number | null;
}

export interface TeacherSchedule {
  teacherId: number;
  timezone: string;
  weekly: WeeklyBlock[];
  exceptions: DatedException[];
  /** Times the teacher is taken (live demos, sessions of their sections), as epoch milliseconds [start, end). */
  busy: Array<{ start: number; end: number }>;
}

export interface SlotOptions {
  from: Date;
  to: Date;
  now: Date;
  slotMinutes: number;
  leadTimeHours: number;
  /** Zone lookups already made (by loadTeacherSchedules for the same request). */
  clocks?: WallClocks;
}

export interface Slot {
  teacherId: number;
  /** UTC, ISO 8601. */
  startsAt: string;
  endsAt: string;
}

type Interval = [number, number];

const TEACHER_KEY_SPACE = 1024;

function merge(intervals: Interval[]): Interval[] {
  const sorted = intervals.filter(([s, e]) => e > s).sort((a, b) => a[0] - b[0]);
  const out: Interval[] = [];
  for (const [s, e] of sorted) {
    const last = out[out.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out;
}

function subtract(intervals: Interval[], cut: Interval): Interval[] {
  const out: Interval[] = [];
  for (const [s, e] of intervals) {
    if (cut[1] <= s || cut[0] >= e) out.push([s, e]);
    else {
      if (cut[0] > s) out.push([s, cut[0]]);
      if (cut[1] < e) out.push([cut[1], e]);
    }
  }
  return out;
}

/** A day's hours in minutes of the wall clock: the weekly blocks of its weekday, plus extra hours, minus time off. */
export function hoursOfDay(schedule: Pick<TeacherSchedule, "weekly" | "exceptions">, date: string, weekday: number): Interval[] {
  const exceptions = schedule.exceptions.filter((e) => e.date === date);
  if (exceptions.some((e) => e.kind === "off" && e.startMinute === null)) return [];
  let hours = merge([
    ...schedule.weekly.filter((b) => b.weekday === weekday).map((b): Interval => [b.startMinute, b.endMinute]),
    ...exceptions.filter((e) => e.kind === "extra").map((e): Interval => [e.startMinute ?? 0, e.endMinute ?? 0]),
  ]);
  for (const off of exceptions)
    if (off.kind === "off" && off.startMinute !== null) hours = subtract(hours, [off.startMinute, off.endMinute ?? 0]);
  return hours;
}

/**
 * The open slots of these teachers in [from, to), at least the lead time after `now`. Slots lie on
 * a grid of `slotMinutes` from midnight of the teacher's wall clock, so two offers of one teacher
 * never overlap without starting at the same instant (what the database's unique index decides).
 * Wall times become instants through Luxon only: once for each block's first slot and end; the
 * slots between are that instant plus whole slots (clock changes happen at night, between blocks;
 * a block across one is cut at its real length, so its slots keep real durations).
 */
export function computeOpenSlots(teachers: TeacherSchedule[], options: SlotOptions): Slot[] {
  const slotMs = options.slotMinutes * 60_000;
  const earliest = Math.max(options.from.getTime(), DateTime.fromJSDate(options.now).plus({ hours: options.leadTimeHours }).toMillis());
  const toMs = options.to.getTime();
  if (earliest >= toMs) return [];
  // One wall clock per zone, shared by the teachers of that zone.
  const clocks = options.clocks ?? new WallClocks();
  // The calendar dates of the range (and a day either side, for zones ahead of or behind UTC), with their weekdays.
  const days: Array<{ date: string; weekday: number }> = [];
  for (
    let day = DateTime.fromMillis(earliest, { zone: "utc" }).startOf("day").minus({ days: 1 });
    day.toMillis() <= toMs + 86_400_000;
    day = day.plus({ days: 1 })
  ) {
    days.push({ date: day.toISODate() ?? "", weekday: day.weekday });
  }

  // Each slot as one number, start * 1024 + the teacher's index (exact below 2^53): a typed array
  // sorts them by time, then teacher, without a comparator or an object per slot.
  if (teachers.length > TEACHER_KEY_SPACE) throw new Error(`at most ${TEACHER_KEY_SPACE} teachers at once`);
  const keys: number[] = [];
  for (const [index, teacher] of teachers.entries()) {
    const clock = clocks.of(teacher.timezone);
    // Busy times merged and in order: slots come in order too, so one pass over both suffices.
    const busy = merge(teacher.busy.map((b): Interval => [b.start, b.end]));
    let next = 0;
    let previous = -Infinity;
    const firstDate = DateTime.fromMillis(earliest, { zone: teacher.timezone }).toISODate();
    const lastDate = DateTime.fromMillis(toMs, { zone: teacher.timezone }).toISODate();
    if (!firstDate || !lastDate) continue;
    for (const { date, weekday } of days) {
      if (date < firstDate || date > lastDate) continue;
      for (const [startMinute, endMinute] of hoursOfDay(teacher, date, weekday)) {
        const firstSlot = Math.ceil(startMinute / options.slotMinutes) * options.slotMinutes;
        let start: number | null = null;
        // A first slot in the hour skipped by a clock change does not exist: take the next one on the grid.
        for (let minute = firstSlot; start === null && minute + options.slotMinutes <= endMinute; minute += options.slotMinutes) {
          start = clock(date, minute);
        }
        const end = clock(date, endMinute, { lenient: true });
        if (start === null || end === null) continue;
        for (let t = start; t + slotMs <= end; t += slotMs) {
          if (t < earliest || t >= toMs) continue;
          if (t < previous) next = 0;
          previous = t;
          while (next < busy.length && busy[next]![1] <= t) next++;
          if (next < busy.length && busy[next]![0] < t + slotMs) continue;
          keys.push(t * TEACHER_KEY_SPACE + index);
        }
      }
    }
  }
  const sorted = Float64Array.from(keys).sort();
  // Teachers share the grid: many slots share an instant, and its ISO text is made once.
  const isoCache = new Map<number, string>();
  const isoOf = (ms: number) => {
    let text = isoCache.get(ms);
    if (text === undefined) isoCache.set(ms, (text = new Date(ms).toISOString()));
    return text;
  };
  const slots: Slot[] = new Array(sorted.length);
  for (let i = 0; i < sorted.length; i++) {
    const key = sorted[i]!;
    const index = key % TEACHER_KEY_SPACE;
    const start = (key - index) / TEACHER_KEY_SPACE;
    slots[i] = { teacherId: teachers[index]!.teacherId, startsAt: isoOf(start), endsAt: isoOf(start + slotMs) };
  }
  return slots;
}
