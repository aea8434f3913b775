import "server-only";

import { adminAuth } from "@/lib/platform/auth/firebase-admin";
import { identityCodeOf } from "@/lib/platform/auth/errors";
import { brand } from "@/lib/platform/brand";

/**
 * The links of the verification and reset emails, made by firebase-admin when the email is sent
 * (the emulator makes them too). They are bearer secrets: returned to the renderer and put in the
 * message, never stored in the outbox, never logged.
 */

/** Where the verification link returns the person: /my-courses shows more once the email is verified. */
export const VERIFICATION_CONTINUE_PATH = "/my-courses";
/** SPEC 7: the reset returns to /signin. */
export const RESET_CONTINUE_PATH = "/signin";
/** This site's page that takes the reset code and a new password (app/(auth)/reset-password). */
export const RESET_PAGE_PATH = "/reset-password";

const isNoSuchUser = (error: unknown) => /user-not-found|USER_NOT_FOUND|EMAIL_NOT_FOUND/.test(identityCodeOf(error));

/**
 * Firebase's verification link (its action page applies the code and returns to /my-courses; the
 * emulator's does the same). Null when Firebase has no such user any more.
 */
export async function makeVerificationLink(email: string): Promise<string | null> {
  try {
    return await adminAuth().generateEmailVerificationLink(email, { url: `${brand.siteUrl}${VERIFICATION_CONTINUE_PATH}` });
  } catch (error) {
    if (isNoSuchUser(error)) return null;
    throw error;
  }
}

/**
 * A link to this site's reset page with the code firebase-admin made: the page asks for the new
 * password under this product's rule (12 characters and more), which Firebase's own page (and the
 * emulator's, which takes the password in the URL) would not. Null when there is no such user.
 */
export async function makePasswordResetLink(email: string): Promise<string | null> {
  let firebaseLink: string;
  try {
    firebaseLink = await adminAuth().generatePasswordResetLink(email, { url: `${brand.siteUrl}${RESET_CONTINUE_PATH}` });
  } catch (error) {
    if (isNoSuchUser(error)) return null;
    throw error;
  }
  const oobCode = new URL(firebaseLink).searchParams.get("oobCode");
  if (!oobCode) throw new Error("firebase-admin's reset link carries no code");
  return `${brand.siteUrl}${RESET_PAGE_PATH}?oobCode=${encodeURIComponent(oobCode)}`;
}
