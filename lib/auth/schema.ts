import { z } from "@/lib/zod";

import { IDENTITY_MESSAGES } from "@/lib/auth/errors";

/** Account payloads, shared by the forms (resolver) and the route handlers. */
const email = z
  .string({ error: "Email is required." })
  .trim()
  .min(1, "Email is required.")
  .max(254, IDENTITY_MESSAGES.invalidEmail)
  .pipe(z.email(IDENTITY_MESSAGES.invalidEmail));

const password = z.string({ error: "Password is required." }).min(1, "Password is required.").max(128, "Password must be at most 128 characters.");

/** A new password: Firebase asks for 6 characters; we ask for 8. */
const newPassword = z
  .string({ error: "Password is required." })
  .min(8, `${IDENTITY_MESSAGES.weakPassword} (at least 8 characters)`)
  .max(128, "Password must be at most 128 characters.");

const displayName = z
  .string({ error: "Name is required." })
  .trim()
  .min(1, "Name is required.")
  .max(80, "Name must be at most 80 characters.");

export const signInSchema = z.object({ email, password });
export const signUpSchema = z.object({ displayName, email, password: newPassword });
export const profileSchema = z.object({ displayName });
export const passwordChangeSchema = z
  .object({ currentPassword: password, newPassword, confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, { path: ["confirmPassword"], message: "The passwords do not match." });
export const passwordResetSchema = z.object({ email });
export const deleteAccountSchema = z.object({ password });

export type SignInInput = z.infer<typeof signInSchema>;
export type SignUpInput = z.infer<typeof signUpSchema>;
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;

/** The same answer whether or not the account exists. */
export const RESET_SENT_MESSAGE = "If an account exists for that email, we have sent a link to reset the password.";
