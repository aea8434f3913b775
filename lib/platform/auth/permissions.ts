import { AppError } from "@/lib/platform/errors";
import type { Role } from "@/lib/platform/auth/roles";

/**
 * What each staff action needs (issue 4), as data: pages, server actions and route handlers all
 * ask `authorize(actor, permission)`, so a rule changes in one place.
 */
export const PERMISSIONS = {
  /** The support lead queue: read, export. */
  "leads.read": ["support", "admin"],
  /**
   * A person's data export (subject access), by account: support only for an account whose email
   * is verified, an admin for any (lib/privacy/export.ts checks the rest).
   */
  "privacy.export": ["support", "admin"],
  /** Status, notes. */
  "leads.update": ["support", "admin"],
  "users.manage": ["admin"],
  "courses.manage": ["admin"],
  "events.read": ["admin"],
  "figures.read": ["admin"],
  "applications.decide": ["admin"],
  /** Dead-lettered outbox messages: list (without payloads) and retry. */
  "outbox.manage": ["admin"],
  /** Orders, refunds and payment issues (a Stripe payment that did not match its order). */
  "orders.manage": ["admin"],
  /** A teacher's own courses and the requests for them (an admin sees every course). */
  "teaching.read": ["teacher", "admin"],
  /** Sections: a teacher's own, for the courses assigned to them (checked in the query); an admin's, any. */
  "sections.manage": ["teacher", "admin"],
  /** A demo's outcome (attended or no-show, note, level, recommended section): a teacher's own demos; an admin's, any. */
  "demos.record-outcome": ["teacher", "admin"],
  /** Attendance of a teacher's own sections' sessions (ownership in the query). */
  "attendance.mark": ["teacher"],
  /** The note after a session (issue 28): a teacher for their own sections' sessions (in the query); an admin for any. */
  "session-notes.write": ["teacher", "admin"],
  /** Homework, its feedback and the course's criteria, progress reports and certificates: a teacher for their own sections (in the query); an admin for any. */
  "homework.teach": ["teacher", "admin"],
  /** A parent hands in homework on behalf of their own child (ownership in the query). */
  "homework.hand-in": ["student"],
  /** Attendance rates per course and per teacher. */
  "attendance.report": ["admin"],
  /** Parents' course reviews: approve or reject. */
  "reviews.moderate": ["support", "admin"],
  /** A teacher's own earnings statements, their CSV and their Stripe connection (ownership in the query). */
  "earnings.read-own": ["teacher"],
  /** Every teacher's statements; paying one (through Stripe or recorded by hand, audited). */
  "earnings.manage": ["admin"],
  /** Every message thread: read all, post as support, hide a message, block a thread (issue 28). */
  "messages.moderate": ["support", "admin"],
  /** Issue 40: the safety queue: concerns reported, flagged notes, bios waiting for review; acting on them. */
  "safety.triage": ["support", "admin"],
  /** Issue 40: the sites teachers may link to without support's review (the link allow-list). */
  "link-hosts.manage": ["admin"],
  /** A teacher's own profile, weekly hours and exceptions. */
  "availability.manage": ["teacher"],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

/** The signed-in person doing something: enough to check and to record who did it. */
export interface Actor {
  /** users.id */
  id: number;
  email: string;
  role: Role;
}

export function can(role: Role | null | undefined, permission: Permission): boolean {
  return role != null && (PERMISSIONS[permission] as readonly Role[]).includes(role);
}

/** Throws 401 for no actor and 403 for the wrong role; the message is safe to show. */
export function authorize(actor: Actor | null | undefined, permission: Permission): asserts actor is Actor {
  if (!actor) throw new AppError("unauthenticated", "Please sign in first.");
  if (!can(actor.role, permission)) throw new AppError("forbidden", "You are not allowed to do that.");
}
