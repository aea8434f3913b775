/**
 * The longest "what we covered" of a session note, line per learner and homework link (issue 28;
 * the table checks them too). A file of its own, without zod, so the teacher's form (a client
 * component) ships these numbers and not the schema.
 */
export const SESSION_NOTE_LIMITS = { covered: 1000, line: 300, homeworkUrl: 500 } as const;
