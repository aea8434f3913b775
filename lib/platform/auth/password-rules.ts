/**
 * What a new password must be, apart from the zod schemas (schema.ts) so a form can show the
 * hint with the page while zod loads with the first validation. ASVS 2.1.1: at least 12
 * characters, for new passwords only (sign-up, change, the reset page; Firebase by its password
 * policy, README "Production"): an account made under the older rule of 8 still signs in.
 */
export const NEW_PASSWORD_MIN_LENGTH = 12;
export const NEW_PASSWORD_HINT = `(at least ${NEW_PASSWORD_MIN_LENGTH} characters)`;

export function isLongEnoughNewPassword(password: string): boolean {
  return password.length >= NEW_PASSWORD_MIN_LENGTH;
}
