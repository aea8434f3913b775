import { LRUCache } from "lru-cache";

import { applySessionChanges, type SectionWithChanges } from "./session-overrides";
import { sectionSessions, type SectionRecurrence } from "./sessions";
import type { WallClocks } from "./time";

/**
 * Busy times of sections for the demo slots, without expanding each section's RRULE on every call
 * (issue 17: rrule and the zone placement were a third of openDemoSlots' time).
 *
 * Time is cut into fixed chunks; a section's sessions starting in one chunk are expanded once per
 * process and kept. A range is the chunks that cover it, filtered to the range: the same sessions
 * sectionSessions gives for that range, since it keeps exactly the sessions that start in it.
 *
 * The key is what the sessions are computed from (rule, dates, minute, zone, duration), not the
 * section's id: a changed time is a new key, so a stale entry can never be read, whoever changed
 * the row (a form, a script, another server process), and sections with the same times share one.
 */

const CHUNK_MS = 28 * 86_400_000;
/** At most this many chunks are kept (a chunk of a weekly section is a few dozen numbers). */
export const SESSION_CACHE_LIMIT = 5_000;

export interface BusyTime {
  readonly start: number;
  readonly end: number;
}

// Least recently used goes first when the limit is reached.
const chunks = new LRUCache<string, BusyTime[]>({ max: SESSION_CACHE_LIMIT });
let expansions = 0;

function recurrenceKey(section: SectionRecurrence): string {
  return [section.rrule, section.startsOn, section.endsOn ?? "", section.startMinute, section.timezone, section.durationMinutes].join("|");
}

function chunkSessions(section: SectionRecurrence, key: string, chunk: number, clocks?: WallClocks): BusyTime[] {
  const chunkKey = `${key}|${chunk}`;
  const cached = chunks.get(chunkKey);
  if (cached) return cached;
  expansions += 1;
  const start = new Date(chunk * CHUNK_MS);
  const end = new Date((chunk + 1) * CHUNK_MS);
  const busy = sectionSessions(section, start, end, clocks).map((s) =>
    Object.freeze({ start: Date.parse(s.startsAt), end: Date.parse(s.endsAt) }),
  );
  // Frozen: callers share these objects with later calls.
  chunks.set(chunkKey, busy);
  return busy;
}

/** The sessions of a section that start in [from, to), as epoch milliseconds: sectionSessions, remembered. */
export function cachedSectionBusyTimes(section: SectionRecurrence, from: Date, to: Date, clocks?: WallClocks): BusyTime[] {
  const key = recurrenceKey(section);
  const fromMs = from.getTime();
  const toMs = to.getTime();
  const out: BusyTime[] = [];
  for (let chunk = Math.floor(fromMs / CHUNK_MS); chunk * CHUNK_MS < toMs; chunk++) {
    for (const busy of chunkSessions(section, key, chunk, clocks)) {
      if (busy.start >= fromMs && busy.start < toMs) out.push(busy);
    }
  }
  return out;
}

/**
 * The sessions of a section that start in [from, to) as the families live them (moved sessions at
 * their new time, cancelled ones left out, make-ups in: sectionSessionsWithChanges' rules, applied
 * to the remembered rule sessions), as epoch milliseconds.
 */
export function cachedSessionsWithChanges(section: SectionWithChanges, from: Date, to: Date, clocks?: WallClocks): BusyTime[] {
  const regular = cachedSectionBusyTimes(section, from, to, clocks);
  if (!section.sessionChanges || section.sessionChanges.length === 0) return regular;
  const times = regular.map((busy) => ({ startsAt: new Date(busy.start).toISOString(), endsAt: new Date(busy.end).toISOString() }));
  const isRuleStart = (startsAt: string) => {
    const at = Date.parse(startsAt);
    return cachedSectionBusyTimes(section, new Date(at), new Date(at + 1), clocks).length === 1;
  };
  return applySessionChanges(section, times, from, to, {}, isRuleStart).map((session) => ({
    start: Date.parse(session.startsAt),
    end: Date.parse(session.endsAt),
  }));
}

/** How many chunks were expanded, and how many are kept (the benchmark and tests count the work). */
export function sessionCacheStats(): { expansions: number; size: number } {
  return { expansions, size: chunks.size };
}

export function clearSessionCache(): void {
  chunks.clear();
  expansions = 0;
}
