import { CLASS_TYPES, type ClassType } from "@/lib/demo-requests/constants";
import * as z from "@/lib/platform/zod-mini";

/**
 * The demo request payload of SPEC.md sections 3 and 7 (name, userEmail, number,
 * course, text, type), written once and used by the forms (react-hook-form
 * resolver) and by POST /api/book-free-demo. Written with zod/mini (it ships to
 * the browser): each schema is the functional spelling of the classic chain it
 * replaced (`.trim().min()` is `.check(z.trim(), z.minLength())`, `.transform(f)`
 * is `z.pipe(s, z.transform(f))`, `.refine(f)` is `.check(z.refine(f))`), so the
 * parsed values and the messages are the same.
 */
export const DEMO_MESSAGES = {
  emailRequired: "Email is required.",
  emailInvalid: "Please enter a valid email address",
  courseRequired: "Course is required.",
  gradeRequired: "Please choose a grade.",
  phoneInvalid: "Please enter a valid phone number.",
  typeInvalid: "Please choose a class type.",
} as const;

/** Empty form fields arrive as "" (or null from other clients); both mean "not given". */
const optionalText = (max: number, label: string) =>
  z.pipe(
    z.pipe(
      z.optional(z.union([z.string(), z.null()])),
      z.transform((v: string | null | undefined) => (v == null || v.trim() === "" ? undefined : v.trim())),
    ),
    z.optional(z.string().check(z.maxLength(max, `${label} must be at most ${max} characters.`))),
  );

export const demoRequestSchema = z.object({
  name: optionalText(100, "Name"),
  userEmail: z.pipe(
    z
      .string({ error: DEMO_MESSAGES.emailRequired })
      .check(z.trim(), z.minLength(1, DEMO_MESSAGES.emailRequired), z.maxLength(254, DEMO_MESSAGES.emailInvalid)),
    z.email(DEMO_MESSAGES.emailInvalid),
  ),
  number: optionalText(30, "Phone number").check(
    z.refine((v) => v === undefined || /^\+?[0-9 ().-]{6,29}$/.test(v), DEMO_MESSAGES.phoneInvalid),
  ),
  // SPEC 5: registered as required with this message, whatever the label says.
  course: z.string({ error: DEMO_MESSAGES.courseRequired }).check(z.trim(), z.minLength(1, DEMO_MESSAGES.courseRequired), z.maxLength(100)),
  text: optionalText(2000, "Message"),
  // SPEC 5: the radios have no default, so no choice is a valid answer.
  type: z.pipe(
    z.optional(z.union([z.enum(CLASS_TYPES, { error: DEMO_MESSAGES.typeInvalid }), z.literal(""), z.null()])),
    z.transform((v: ClassType | "" | null | undefined) => (v ? v : undefined)),
  ),
  grade: z.pipe(
    z.pipe(
      z.optional(z.union([z.number(), z.string(), z.null()])),
      z.transform((v: number | string | null | undefined) => (v == null || v === "" ? undefined : Number(v))),
    ),
    z.optional(
      z.number().check(z.int(DEMO_MESSAGES.gradeRequired), z.gte(1, DEMO_MESSAGES.gradeRequired), z.lte(12, DEMO_MESSAGES.gradeRequired)),
    ),
  ),
  /** A signed-in parent's child, picked on the form (the route checks it is theirs). */
  learnerId: z.pipe(
    z.pipe(
      z.optional(z.union([z.number(), z.string(), z.null()])),
      z.transform((v: number | string | null | undefined) => (v == null || v === "" ? undefined : Number(v))),
    ),
    z.optional(z.number().check(z.int("Choose one of your children."), z.gte(1, "Choose one of your children."))),
  ),
  /** The path of the page the form was on, for the support team. */
  sourcePage: optionalText(200, "Source page").check(z.refine((v) => v === undefined || v.startsWith("/"), "Source page must be a path.")),
});

/** What a form holds before parsing (strings everywhere). */
export type DemoRequestFormValues = z.input<typeof demoRequestSchema>;
export type DemoRequestInput = z.output<typeof demoRequestSchema>;

/** The booking page without a grade in its URL asks for one. */
export const demoRequestWithGradeSchema = demoRequestSchema.check(
  z.refine((v) => v.grade !== undefined, {
    path: ["grade"],
    message: DEMO_MESSAGES.gradeRequired,
  }),
);

/** An Idempotency-Key header: the form sends one per submission, kept across retries. */
export const idempotencyKeySchema = z.string().check(z.trim(), z.minLength(8), z.maxLength(128), z.regex(/^[A-Za-z0-9._:-]+$/));
