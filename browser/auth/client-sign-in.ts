import { IDENTITY_MESSAGES, type IdentityMessage } from "@/lib/platform/auth/errors";
import { sameOriginPath } from "@/lib/platform/auth/guard";
import { isRole, ROLE_HOME, type Role } from "@/lib/platform/auth/roles";

import { rememberBrowserZone } from "@/browser/zone-cookie";

/** Signs in through next-auth's credentials provider; the error is already a SPEC 8 message. */
export async function signInWithCredentials(
  email: string,
  password: string,
): Promise<{ ok: true; role: Role | null } | { ok: false; message: string }> {
  const { signIn, getSession } = await import("next-auth/react");
  // The first signed-in page then knows the computer's zone (the zone notice in place, no shift).
  rememberBrowserZone();
  try {
    const result = await signIn("credentials", { email, password, redirect: false });
    if (!result || result.error)
      return { ok: false, message: result?.error && result.error !== "CredentialsSignin" ? result.error : IDENTITY_MESSAGES.unknown };
    // The new session's role decides where the person starts (afterSignInPath).
    const role: unknown = ((await getSession())?.user as { role?: unknown } | undefined)?.role;
    return { ok: true, role: isRole(role) ? role : null };
  } catch {
    return { ok: false, message: IDENTITY_MESSAGES.unknown };
  }
}

/** Signs in with Google (a redirect there and back), the computer's zone told first as above. */
export async function signInWithGoogle(callbackUrl: string): Promise<void> {
  const { signIn } = await import("next-auth/react");
  rememberBrowserZone();
  await signIn("google", { callbackUrl });
}

/**
 * Where to go after signing in: the callbackUrl the guard left, if it stays on this site, else the
 * role's home (a teacher's, admin's or support's dashboard; My courses for a family).
 */
export function afterSignInPath(location: Pick<Location, "search" | "origin"> = window.location, role: Role | null = null): string {
  return sameOriginPath(new URLSearchParams(location.search).get("callbackUrl"), location.origin) ?? ROLE_HOME[role ?? "student"];
}

/**
 * The other sign-in page (/signin or /signup), keeping the callbackUrl this page was given when it
 * stays on this site, so a family sent to sign up who already has an account still lands where it was going.
 */
export function authPagePath(page: "/signin" | "/signup", location: Pick<Location, "search" | "origin"> = window.location): string {
  const back = sameOriginPath(new URLSearchParams(location.search).get("callbackUrl"), location.origin);
  return back ? `${page}?callbackUrl=${encodeURIComponent(back)}` : page;
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
