/**
 * A child's password is set by the parent and typed by the child: long enough to resist guesses,
 * short enough to type. A file of its own, without zod, so the parent's sign-in card (a client
 * component on /my-courses) ships these numbers and not the schema: importing them from the schema
 * took /my-courses from 148 KB to 244 KB of first-load JS (gzip).
 */
export const LEARNER_PASSWORD_MIN = 8;
export const LEARNER_PASSWORD_MAX = 64;
