import { IDENTITY_MESSAGES, type IdentityMessage } from "@/lib/platform/auth/errors";
import { safeCallbackUrl } from "@/lib/platform/auth/guard";

/** Signs in through next-auth's credentials provider; the error is already a SPEC 8 message. */
export async function signInWithCredentials(email: string, password: string): Promise<{ ok: true } | { ok: false; message: string }> {
  const { signIn } = await import("next-auth/react");
  try {
    const result = await signIn("credentials", { email, password, redirect: false });
    if (!result || result.error)
      return { ok: false, message: result?.error && result.error !== "CredentialsSignin" ? result.error : IDENTITY_MESSAGES.unknown };
    return { ok: true };
  } catch {
    return { ok: false, message: IDENTITY_MESSAGES.unknown };
  }
}

/** Where to go after signing in: the callbackUrl the guard left, if it stays on this site, else "/". */
export function afterSignInPath(location: Pick<Location, "search" | "origin"> = window.location): string {
  return safeCallbackUrl(new URLSearchParams(location.search).get("callbackUrl"), location.origin);
}

const KNOWN_MESSAGES = new Set<string>(Object.values(IDENTITY_MESSAGES));

/**
 * The SPEC 8 message for next-auth's `?error=` on /signin (a failed Google sign-in lands there):
 * one of ours when the provider step threw one, else 'anything else'. Null without an error.
 */
export function signInErrorFromUrl(search: string): IdentityMessage | null {
  const error = new URLSearchParams(search).get("error");
  if (!error) return null;
  return KNOWN_MESSAGES.has(error) ? (error as IdentityMessage) : IDENTITY_MESSAGES.unknown;
}
