import "server-only";

import { identityConfig } from "@/lib/platform/auth/config";
import { IdentityError } from "@/lib/platform/auth/errors";

/**
 * The Identity Toolkit REST API (Firebase Auth's own, spoken by the emulator
 * too): password checks and reset codes, which firebase-admin cannot do.
 */
async function call<T>(verb: string, body: Record<string, unknown>): Promise<T> {
  let response: Response;
  const send = () =>
    fetch(`${identityConfig.restBaseUrl}/accounts:${verb}?key=${encodeURIComponent(identityConfig.apiKey)}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
  try {
    // A kept-alive connection the server closed as it was reused fails before the request is read
    // (undici: "other side closed"); fetch retries only GETs on its own, so this POST is sent once more.
    response = await send().catch((error: unknown) => {
      if (isClosedByServer(error)) return send();
      throw error;
    });
  } catch (error) {
    console.error(`[identity] ${verb} unreachable:`, error instanceof Error ? error.message : error);
    throw new IdentityError("IDENTITY_UNAVAILABLE");
  }
  const answer = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
  if (!response.ok) throw new IdentityError(answer?.error?.message ?? `HTTP_${response.status}`);
  return answer as T;
}

function isClosedByServer(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } } | null)?.cause;
  return cause?.code === "UND_ERR_SOCKET" || cause?.code === "ECONNRESET";
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

/**
 * The email of a password reset code, without using it (the reset page checks the link before asking
 * for a password). The code comes from firebase-admin's generatePasswordResetLink, sent in the
 * product's own email (lib/reactions/account-mail.ts).
 */
export async function readPasswordResetCode(oobCode: string): Promise<string> {
  const answer = await call<{ email?: string; requestType?: string }>("resetPassword", { oobCode });
  if (answer.requestType !== "PASSWORD_RESET" || !answer.email) throw new IdentityError("INVALID_OOB_CODE");
  return answer.email;
}

/** Sets the new password with a reset code; Firebase revokes the account's earlier tokens. Returns the email. */
export async function resetPasswordWithCode(oobCode: string, newPassword: string): Promise<string> {
  const answer = await call<{ email?: string }>("resetPassword", { oobCode, newPassword });
  return answer.email ?? "";
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
