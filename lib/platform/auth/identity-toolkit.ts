import "server-only";

import { identityConfig } from "@/lib/platform/auth/config";
import { IdentityError } from "@/lib/platform/auth/errors";

/**
 * The Identity Toolkit REST API (Firebase Auth's own, spoken by the emulator
 * too): password checks and reset emails, which firebase-admin cannot do.
 */
async function call<T>(verb: string, body: Record<string, unknown>): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`${identityConfig.restBaseUrl}/accounts:${verb}?key=${encodeURIComponent(identityConfig.apiKey)}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    console.error(`[identity] ${verb} unreachable:`, error instanceof Error ? error.message : error);
    throw new IdentityError("IDENTITY_UNAVAILABLE");
  }
  const answer = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
  if (!response.ok) throw new IdentityError(answer?.error?.message ?? `HTTP_${response.status}`);
  return answer as T;
}

export interface PasswordSignIn {
  idToken: string;
  localId: string;
  email: string;
  displayName?: string;
}

export function signInWithPassword(email: string, password: string): Promise<PasswordSignIn> {
  return call<PasswordSignIn>("signInWithPassword", { email, password, returnSecureToken: true });
}

/** Sends the password reset email; its link returns the user to `continueUrl`. */
export async function sendPasswordResetEmail(email: string, continueUrl: string): Promise<void> {
  await call("sendOobCode", { requestType: "PASSWORD_RESET", email, continueUrl });
}

/**
 * Sends the email verification email to the account the ID token is of; its link returns the
 * person to `continueUrl`. In production Firebase sends the email; the emulator lists the link at
 * /emulator/v1/projects/<id>/oobCodes.
 */
export async function sendEmailVerification(idToken: string, continueUrl: string): Promise<void> {
  await call("sendOobCode", { requestType: "VERIFY_EMAIL", idToken, continueUrl });
}

/** An ID token for a custom token made by firebase-admin: how the server acts as a user without their password. */
export function signInWithCustomToken(token: string): Promise<PasswordSignIn> {
  return call<PasswordSignIn>("signInWithCustomToken", { token, returnSecureToken: true });
}

/**
 * Exchanges a Google ID token (from the OAuth sign-in) for a Firebase session of the same
 * person, creating the Firebase user on first use.
 */
export function signInWithGoogleIdToken(googleIdToken: string, requestUri: string): Promise<PasswordSignIn> {
  return call<PasswordSignIn>("signInWithIdp", {
    postBody: `id_token=${encodeURIComponent(googleIdToken)}&providerId=google.com`,
    requestUri,
    returnIdpCredential: true,
    returnSecureToken: true,
  });
}
