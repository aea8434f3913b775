/**
 * What the demo-booking messages say, already worded for their reader (times in the reader's zone,
 * with the zone named). One template per file beside this one: a new message is one small file.
 */
export interface DemoFacts {
  /** The reader's first name or name, when known. */
  readerName: string | null;
  courseTitle: string;
  teacherName: string;
  /** The booked time in the reader's zone, e.g. "Mon, Mar 2, 2026, 4:00 AM PST (America/Los_Angeles)". */
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

export const hello = (name: string | null) => (name ? `Hello ${name},` : "Hello,");
