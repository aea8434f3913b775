import * as z from "@/lib/platform/zod-mini";

import { IDENTITY_MESSAGES } from "@/lib/platform/auth/errors";
import { NEW_PASSWORD_MIN_LENGTH } from "@/lib/platform/auth/password-rules";

/**
 * Account payloads, shared by the forms (resolver) and the route handlers. Written with
 * zod/mini (they ship to the browser): `.check(z.trim(), z.minLength(), ...)` is the
 * functional spelling of classic's `.trim().min()...`, with the same messages.
 */
const email = z.pipe(
  z
    .string({ error: "Email is required." })
    .check(z.trim(), z.minLength(1, "Email is required."), z.maxLength(254, IDENTITY_MESSAGES.invalidEmail)),
  z.email(IDENTITY_MESSAGES.invalidEmail),
);

/** A reset link that is wrong, used or expired (Firebase's codes last an hour and work once). */
export const RESET_LINK_INVALID =
  "This reset link has expired or was already used. Ask for a new one with 'Forgot password?' on the log in page.";
/** After a reset through the emailed link (SPEC 7: the flow returns to /signin). */
export const RESET_DONE_MESSAGE = "Your password has been changed. Log in with your new password.";

const password = z
  .string({ error: "Password is required." })
  .check(z.minLength(1, "Password is required."), z.maxLength(128, "Password must be at most 128 characters."));

/** A new password (lib/platform/auth/password-rules.ts). */

const newPassword = z.string({ error: "Password is required." }).check(
  // SPEC 8's message exactly; the field's hint says what "strong" means (NEW_PASSWORD_HINT).
  z.minLength(NEW_PASSWORD_MIN_LENGTH, IDENTITY_MESSAGES.weakPassword),
  z.maxLength(128, "Password must be at most 128 characters."),
);

const displayName = z
  .string({ error: "Name is required." })
  .check(z.trim(), z.minLength(1, "Name is required."), z.maxLength(80, "Name must be at most 80 characters."));

export const signInSchema = z.object({ email, password });
export const signUpSchema = z.object({ displayName, email, password: newPassword });
export const profileSchema = z.object({ displayName });
export const passwordChangeSchema = z
  .object({ currentPassword: password, newPassword, confirmPassword: z.string() })
  .check(z.refine((v) => v.newPassword === v.confirmPassword, { path: ["confirmPassword"], message: "The passwords do not match." }));
export const passwordResetSchema = z.object({ email });
/** The reset page's form: the emailed link's code and the new password, twice. */
export const passwordResetConfirmSchema = z
  .object({
    oobCode: z.string({ error: RESET_LINK_INVALID }).check(z.minLength(1, RESET_LINK_INVALID), z.maxLength(2000, RESET_LINK_INVALID)),
    newPassword,
    confirmPassword: z.string(),
  })
  .check(z.refine((v) => v.newPassword === v.confirmPassword, { path: ["confirmPassword"], message: "The passwords do not match." }));
export const deleteAccountSchema = z.object({ password });

export type SignInInput = z.infer<typeof signInSchema>;
export type SignUpInput = z.infer<typeof signUpSchema>;
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;
export type PasswordResetInput = z.infer<typeof passwordResetSchema>;
export type PasswordResetConfirmInput = z.infer<typeof passwordResetConfirmSchema>;

/** The same answer whether or not the account exists. */
export const RESET_SENT_MESSAGE = "If an account exists for that email, we have sent a link to reset the password.";
