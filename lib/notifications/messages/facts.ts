/**
 * What the demo-booking messages say, already worded for their reader (times in the reader's zone,
 * with the zone named). One template per file beside this one: a new message is one small file.
 */
export interface DemoFacts {
  /** The reader's first name or name, when known. */
  readerName: string | null;
  courseTitle: string;
  teacherName: string;
  /** The booked time in the reader's zone, e.g. "Mon, Mar 2, 2026, 4:00 AM Pacific Time (Los Angeles)". */
  when: string;
  /** For a move: the time it was. */
  previousWhen?: string;
  /** The family's no-login status page (see, move, cancel). */
  statusUrl: string;
}

export interface TeacherDemoFacts extends Omit<DemoFacts, "statusUrl"> {
  /** The child's grade when the family gave one (nothing more about the family: a children's product). */
  grade: number | null;
  /** The teacher's dashboard. */
  dashboardUrl: string;
}

/**
 * The name a greeting may use: the first word of it, when that word is letters only (with ' and
 * -), else none. A name is free text someone typed; in a greeting it reads as ours, so it carries
 * no link, no domain and no sentence (issue 26 finding 8): "Visit http://evil.example" greets "Visit".
 */
export function greetingName(name: string | null | undefined): string | null {
  const first = name?.trim().split(/\s+/)[0] ?? "";
  return /^[\p{L}\p{M}][\p{L}\p{M}'’-]{0,29}$/u.test(first) ? first : null;
}

export const hello = (name: string | null) => {
  const safe = greetingName(name);
  return safe ? `Hello ${safe},` : "Hello,";
};
