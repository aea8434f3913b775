import { randomInt } from "node:crypto";

/**
 * Crockford's base32: no I, L, O or U, so a code read aloud or copied from paper is not mistaken.
 * 28 characters of 5 random bits each: 140 bits, far past guessing (the issue asks for 128 or more).
 */
const ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const GIFT_CODE_LENGTH = 28;
const GROUP = 4;

export function newGiftCode(): string {
  let code = "";
  for (let i = 0; i < GIFT_CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** The code as typed or pasted: spaces and dashes dropped, case ignored, look-alikes read as Crockford says. */
export function normaliseGiftCode(input: string): string | null {
  const code = input.toUpperCase().replace(/[\s-]/g, "").replace(/O/g, "0").replace(/[IL]/g, "1");
  if (code.length !== GIFT_CODE_LENGTH) return null;
  for (const char of code) if (!ALPHABET.includes(char)) return null;
  return code;
}

/** For reading and copying: groups of 4 joined by dashes (XXXX-XXXX-…). */
export function groupGiftCode(code: string): string {
  return code.match(new RegExp(`.{1,${GROUP}}`, "g"))?.join("-") ?? code;
}
