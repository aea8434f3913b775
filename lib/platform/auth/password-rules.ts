/**
 * What a new password must be, apart from the zod schemas (schema.ts) so a form can show the
 * hint with the page while zod loads with the first validation. Firebase asks for 6; we ask for 8.
 */
export const NEW_PASSWORD_MIN_LENGTH = 8;
export const NEW_PASSWORD_HINT = `(at least ${NEW_PASSWORD_MIN_LENGTH} characters)`;
