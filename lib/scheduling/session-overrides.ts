import { sectionSessions, type SectionRecurrence, type SessionTimes } from "./sessions";
import type { WallClocks } from "./time";

/**
 * One session changed on its own (a session_changes row as every reader needs it, issue 27). The
 * occurrence is the session's start by the section's rule, the calendars' RECURRENCE-ID: it stays
 * the session's name however often it moves (its meeting room, its attendance, its reminders' keys).
 */
export interface SessionChange {
  originalStartsAt: string;
  kind: "moved" | "cancelled";
  /** A moved session's time. */
  startsAt: string | null;
  endsAt: string | null;
  /** A cancelled session's make-up, once the teacher proposed one. */
  makeupStartsAt: string | null;
  makeupEndsAt: string | null;
}

export type SessionState = "scheduled" | "moved" | "cancelled" | "makeup";

export interface Session extends SessionTimes {
  /** The occurrence of the series this session is (its start by the rule): RECURRENCE-ID, room, attendance key. */
  occurrence: string;
  state: SessionState;
}

/** A section with the changes of its sessions (loaded by loadSessionChanges; none is the plain rule). */
export type SectionWithChanges = SectionRecurrence & { sessionChanges?: readonly SessionChange[] };

export interface SessionQuery {
  /** Cancelled sessions are left out (nobody meets) unless asked for: /my-courses and the agenda show them. */
  includeCancelled?: boolean;
  clocks?: WallClocks;
}

const iso = (value: string) => new Date(value).toISOString();

/** Whether the rule still has this occurrence (a change of the section's times may have removed it: the change then lapses). */
export function isOccurrence(section: SectionRecurrence, startsAt: string, clocks?: WallClocks): boolean {
  const at = new Date(startsAt);
  return sectionSessions(section, at, new Date(at.getTime() + 1), clocks).length === 1;
}

/**
 * The sessions that start in [from, to), as the families and the teacher live them: the rule's
 * occurrences, less those moved away or cancelled, plus moved sessions and make-ups landing in the
 * window. The one function every reader of sessions uses (agenda, my-courses, join window,
 * reminders, attendance, a seat's first session), so a change applies everywhere at once.
 */
export function sectionSessionsWithChanges(section: SectionWithChanges, from: Date, to: Date, query: SessionQuery = {}): Session[] {
  return applySessionChanges(section, sectionSessions(section, from, to, query.clocks), from, to, query, (start) =>
    isOccurrence(section, start, query.clocks),
  );
}

/**
 * sectionSessionsWithChanges' work once the rule's sessions in [from, to) are known (`regular`):
 * for a reader that has them already (session-cache.ts remembers them), with `isRuleStart` telling
 * whether an instant is still an occurrence of the rule (a change of the section's times may have
 * removed it: the change then lapses).
 */
export function applySessionChanges(
  section: SectionWithChanges,
  regular: readonly SessionTimes[],
  from: Date,
  to: Date,
  query: SessionQuery,
  isRuleStart: (startsAt: string) => boolean,
): Session[] {
  const changes = new Map((section.sessionChanges ?? []).map((change) => [iso(change.originalStartsAt), change]));
  const sessions: Session[] = [];
  for (const session of regular) {
    const change = changes.get(session.startsAt);
    if (!change) sessions.push({ ...session, occurrence: session.startsAt, state: "scheduled" });
    else if (change.kind === "cancelled" && query.includeCancelled)
      sessions.push({ ...session, occurrence: session.startsAt, state: "cancelled" });
  }
  const inWindow = (start: string) => {
    const at = new Date(start).getTime();
    return at >= from.getTime() && at < to.getTime();
  };
  for (const [occurrence, change] of changes) {
    const moved =
      change.kind === "moved" && change.startsAt && change.endsAt ? { startsAt: iso(change.startsAt), endsAt: iso(change.endsAt) } : null;
    const makeup =
      change.kind === "cancelled" && change.makeupStartsAt && change.makeupEndsAt
        ? { startsAt: iso(change.makeupStartsAt), endsAt: iso(change.makeupEndsAt) }
        : null;
    const landed = moved ?? makeup;
    if (!landed || !inWindow(landed.startsAt) || !isRuleStart(occurrence)) continue;
    sessions.push({ ...landed, occurrence, state: moved ? "moved" : "makeup" });
  }
  return sessions.sort((a, b) => a.startsAt.localeCompare(b.startsAt));
}

/** The first session (with changes) that starts in [from, to), or null: a week first, then the rest, as nextSessionBetween. */
export function nextSessionWithChanges(section: SectionWithChanges, from: Date, to: Date, clocks?: WallClocks): Session | null {
  const weekAhead = new Date(Math.min(to.getTime(), from.getTime() + 8 * 86_400_000));
  const [soon] = sectionSessionsWithChanges(section, from, weekAhead, { clocks });
  if (soon || weekAhead.getTime() >= to.getTime()) return soon ?? null;
  return sectionSessionsWithChanges(section, weekAhead, to, { clocks })[0] ?? null;
}
