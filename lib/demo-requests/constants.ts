/**
 * The demo request's fixed choices, apart from its zod schema (schema.ts): the form renders these
 * with the page, while the schema (and zod) load only when the form is first validated.
 */
export const CLASS_TYPES = ["1 on 1 classes", "Group Classes", "Any of them"] as const;
export type ClassType = (typeof CLASS_TYPES)[number];

/** The course select's "not sure yet" option: a catalogue outage never blocks a lead. */
export const COURSE_NOT_SURE = "not-sure";
