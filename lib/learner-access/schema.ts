import { z } from "@/lib/platform/zod";

import { LEARNER_PASSWORD_MAX, LEARNER_PASSWORD_MIN } from "./password-limits";
import { PICTURE_IDS, PICTURES_IN_PASSWORD } from "./pictures";

export const LEARNER_ACCESS_MESSAGES = {
  notYours: "That child is not on your account.",
  usernameTaken: "That username is taken. Please choose another one.",
  notOn: "That child has no sign-in yet.",
  wrong: "That is not right. Try again.",
  signedOut: "Please sign in again.",
  notYourClass: "That class is not one of yours.",
} as const;

export const usernameSchema = z
  .string({ error: "Choose a username." })
  .trim()
  .min(3, "A username has at least 3 letters or numbers.")
  .max(24, "A username has at most 24 characters.")
  .regex(/^[A-Za-z0-9_.-]+$/, "Use letters, numbers, dots, dashes or underscores only (no spaces).");

const picturesSchema = z
  .array(z.enum(PICTURE_IDS, { error: "Choose pictures from the nine shown." }), { error: "Choose 3 pictures." })
  .length(PICTURES_IN_PASSWORD, `Choose ${PICTURES_IN_PASSWORD} pictures, in order.`)
  .refine((ids) => new Set(ids).size === ids.length, "Choose 3 different pictures.");

const passwordSchema = z
  .string({ error: "Type a password." })
  .min(LEARNER_PASSWORD_MIN, `A password has at least ${LEARNER_PASSWORD_MIN} characters.`)
  .max(LEARNER_PASSWORD_MAX, `A password has at most ${LEARNER_PASSWORD_MAX} characters.`);

/** What the parent sets: a username and a password or three pictures, with their consent. */
export const signInSetupSchema = z.discriminatedUnion(
  "kind",
  [
    z.object({
      kind: z.literal("password"),
      username: usernameSchema,
      password: passwordSchema,
      consent: z.literal(true, { error: "Please agree that your child may sign in on their own." }),
    }),
    z.object({
      kind: z.literal("pictures"),
      username: usernameSchema,
      pictures: picturesSchema,
      consent: z.literal(true, { error: "Please agree that your child may sign in on their own." }),
    }),
  ],
  { error: "Choose a password or a picture password." },
);
export type SignInSetupInput = z.input<typeof signInSetupSchema>;

/** What the child types or taps. Wrong shapes are simply wrong (the same answer as a wrong secret). */
export const learnerSignInSchema = z.object({
  username: z.string().trim().min(1, "Type your username.").max(64),
  password: z.string().max(LEARNER_PASSWORD_MAX).optional(),
  pictures: z.array(z.string().max(16)).max(PICTURES_IN_PASSWORD).optional(),
});
export type LearnerSignInInput = z.input<typeof learnerSignInSchema>;

export const learnerIdSchema = z.coerce.number({ error: LEARNER_ACCESS_MESSAGES.notYours }).int().positive();
