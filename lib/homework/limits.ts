/**
 * The limits of homework, in a file of their own without zod, so the forms (client components)
 * ship these numbers and not the schema. The tables check the lengths too.
 */
export const HOMEWORK_LIMITS = {
  title: 120,
  instructions: 2000,
  resourceUrl: 500,
  text: 4000,
  link: 500,
  comment: 1000,
  criterion: 60,
  criteria: 3,
  /** Each file, in bytes. */
  fileBytes: 10 * 1024 * 1024,
  files: 10,
  /** All the files of one hand-in together: what one request may carry (next.config.ts's body limits are a little over it). */
  totalBytes: 25 * 1024 * 1024,
  fileName: 200,
  progressComment: 1000,
  nextStep: 300,
} as const;

/** What a child may hand in, by what the bytes are (not what the name or the browser says). */
export const ACCEPTED_MEDIA_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp", "application/pdf"] as const;
export type AcceptedMediaType = (typeof ACCEPTED_MEDIA_TYPES)[number];

export const MARK_MIN = 1;
export const MARK_MAX = 4;

/** The words of each mark, shown beside the number. */
export const MARK_WORDS: Record<number, string> = { 1: "Beginning", 2: "Developing", 3: "Secure", 4: "Excellent" };

const MB = 1024 * 1024;
export const megabytes = (bytes: number) => `${Math.round(bytes / MB)} MB`;
