import "server-only";

import type { NextAuthOptions } from "next-auth";
import type { JWT } from "next-auth/jwt";
import CredentialsProvider from "next-auth/providers/credentials";
import GoogleProvider from "next-auth/providers/google";

import { firebaseAccountStatus, isEndedByFirebase } from "@/lib/platform/auth/account-status";
import { signInWithEmailPassword, signInWithGoogle, toSessionUser } from "@/lib/platform/auth/sign-in";
import { identityConfig } from "@/lib/platform/auth/config";
import { IDENTITY_MESSAGES, IdentityError } from "@/lib/platform/auth/errors";
import { safeCallbackUrl } from "@/lib/platform/auth/guard";
import { signInSchema } from "@/lib/platform/auth/schema";
import { decodeSession, encodeSession } from "@/lib/platform/auth/session-token";
import { announceVerifiedEmail } from "@/lib/platform/auth/verified-email";
import type { SessionUser } from "@/lib/platform/auth/session-user";
import { endedByAge, LONGEST_SESSION_MS } from "@/lib/platform/auth/session-limits";
import { findUserById, updateUserRow } from "@/lib/platform/auth/users";
import { brand } from "@/lib/platform/brand";
import { AppError, isDatabaseUnavailable } from "@/lib/platform/errors";

/** The cookie lives as long as the longest session; each role's shorter limits are checked on every read (session-limits.ts). */
const SESSION_MAX_AGE_S = LONGEST_SESSION_MS / 1000;

/**
 * Runs a password check under the limits on guessing. They are counted in the database by
 * lib/platform/http/password-attempts.ts, a layer above this one, so the sign-in route hands them
 * in (authOptionsWith below) rather than this module importing them.
 */
export type PasswordAttemptGuard = <T>(who: { headers: Headers; email: string }, attempt: () => Promise<T>) => Promise<T>;

/** Without a guard, credentials sign-in refuses everyone: a handler built from authOptions alone must not allow unlimited guessing. */
const NO_GUARD: PasswordAttemptGuard = async () => {
  throw new Error("credentials sign-in without the password attempt limits: build the handler with authOptionsWith");
};

function credentialsProvider(guard: PasswordAttemptGuard) {
  return CredentialsProvider({
    id: "credentials",
    name: "Email and password",
    credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
    async authorize(credentials, req) {
      const parsed = signInSchema.safeParse(credentials);
      if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? IDENTITY_MESSAGES.unknown);
      const { email, password } = parsed.data;
      try {
        return await guard({ headers: headersOf(req?.headers), email }, () => signInWithEmailPassword(email, password));
      } catch (error) {
        // The thrown message reaches the client as signIn()'s `error`: only SPEC 8 messages, and the limit's.
        if (error instanceof IdentityError || error instanceof AppError) throw new Error(error.message);
        console.error("[auth] sign-in failed:", error);
        throw new Error(IDENTITY_MESSAGES.unknown);
      }
    },
  });
}

/** next-auth hands authorize the request's headers as a plain object (from next/headers' headers()). */
function headersOf(raw: Record<string, unknown> | undefined): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw ?? {})) {
    if (typeof value === "string") headers.set(name, value);
    else if (Array.isArray(value)) headers.set(name, value.join(", "));
  }
  return headers;
}

const googleProviders = () => (identityConfig.google ? [GoogleProvider(identityConfig.google)] : []);

/**
 * next-auth holds the session as a signed, httpOnly JWT cookie carrying the
 * SPEC 3 user (ARCHITECTURE: Identity and roles). Firebase checks the password.
 * Reading a session (getServerSession) uses these options as they are; the sign-in route uses
 * authOptionsWith(limitPasswordAttempts), whose credentials sign-in is limited.
 */
export const authOptions: NextAuthOptions = {
  secret: identityConfig.sessionSecret,
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_S },
  // next-auth's own format; a cookie's decode is kept a minute (session-token.ts: once per cookie, not twice per request).
  jwt: { encode: encodeSession, decode: decodeSession },
  pages: { signIn: "/signin", error: "/signin" },
  providers: [
    credentialsProvider(NO_GUARD),
    // Shown only when configured (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET).
    ...googleProviders(),
  ],
  events: {
    // Log Out ends the session on the server too, so a copied cookie stops working (issue 26 finding 5).
    async signOut({ token }) {
      await endSessionsOf(token);
    },
  },
  callbacks: {
    async jwt({ token, user, account }) {
      // Whether this token already carried a verified email: a sign-in starts from none.
      const wasVerified = !user && !account && token.user?.emailVerified === true;
      if (account?.provider === "google") {
        // Firebase stays the identity provider: the Google ID token signs in there, and its claims give the role.
        if (!account.id_token) throw new Error(IDENTITY_MESSAGES.unknown);
        token.user = await signInWithGoogle(account.id_token, brand.siteUrl);
        token.issuedAtMs = Date.now();
      } else if (user) {
        token.user = user as unknown as SessionUser;
        token.issuedAtMs = Date.now();
      }
      const refreshed = await refreshSessionToken(token);
      // At each sign-in with a verified email, and when a session first sees the link followed.
      if (refreshed.user?.emailVerified && !wasVerified) {
        await announceVerifiedEmail(
          { databaseId: refreshed.user.databaseId, email: refreshed.user.email },
          { isSignIn: Boolean(user || account) },
        );
      }
      return refreshed;
    },
    // Every return path next-auth follows (callbackUrl from the query, the form or its cookie) stays on this site.
    async redirect({ url, baseUrl }) {
      return `${baseUrl}${safeCallbackUrl(url, baseUrl)}`;
    },
    async session({ session, token }) {
      return { ...session, user: token.user };
    },
  },
};

/**
 * The checks of every session read (the jwt callback below), on a decoded session cookie: throws
 * when the session has ended (its absolute age, "Sign out everywhere", a password change, a deleted
 * or disabled account), else returns the token with the account as it is now. The proxy runs it
 * too on the sign-in pages, where a cookie that only decodes must not count as signed in.
 */
export async function refreshSessionToken(token: JWT): Promise<JWT> {
  if (!token.user) return token;
  // issuedAtMs is the sign-in's time (set only at sign-in, in the jwt callback); a token without one predates it and is over.
  const issuedAtMs = token.issuedAtMs ?? 0;
  const ended = endedByAge(token, Date.now());
  if (ended) throw new Error(ended);
  // Re-read the row on every session read: a role change or a new name shows at once,
  // and a password change or "Sign out everywhere" ends sessions issued before it.
  try {
    const row = await findUserById(token.user.databaseId);
    // A suspended account (a safety concern) is signed out at its next request, whatever it was doing.
    const revoked = !row || row.suspendedAt !== null || (row.sessionsValidAfter && issuedAtMs < row.sessionsValidAfter.getTime());
    if (revoked) throw new Error("session revoked");
    // A token from before emailVerified existed counts as unverified until Firebase says otherwise below.
    token.user = toSessionUser(row, token.user.photoURL, token.user.emailVerified === true);
    token.name = row.displayName;
    // A role given since sign-in brings its own, maybe shorter, limits at once.
    const endedForRole = endedByAge(token, Date.now());
    if (endedForRole) throw new Error(endedForRole);
  } catch (error) {
    // An unreachable database must not sign everyone out; keep the token as it is.
    if (!isDatabaseUnavailable(error)) throw error;
  }
  // What happened in Firebase ends sessions too: a password reset through the emailed link, a
  // disabled or deleted account, revoked tokens (cached a minute: account-status.ts).
  const status = await firebaseAccountStatus(token.user.id).catch((error: unknown) => {
    // Like the database: an unreachable Firebase must not sign everyone out.
    console.error("[auth] could not read the account's status from Firebase:", error);
    return undefined;
  });
  if (status !== undefined && isEndedByFirebase(status, issuedAtMs)) throw new Error("session revoked");
  // Following the verification link shows here, at the next session read (security issue: account squatting).
  if (status) token.user = { ...token.user, emailVerified: status.emailVerified };
  // Written back to the cookie where next-auth can (its session route), and by proxy.ts on page requests.
  token.lastSeenMs = Date.now();
  return token;
}

/**
 * Log Out on the server: every session of the account issued until now ends (the mechanism of
 * "Sign out everywhere", users.sessions_valid_after), so a copy of this cookie is worth nothing.
 * Without a session table a single session cannot be ended alone; the account's other devices sign
 * in again, which the README says.
 */
export async function endSessionsOf(token: JWT | null | undefined): Promise<void> {
  if (!token?.user) return;
  await updateUserRow(token.user.databaseId, { sessionsValidAfter: new Date() });
}

/** The options of the next-auth route: credentials sign-in checked under `guard` (issue 4: limits on password guessing). */
export function authOptionsWith(guard: PasswordAttemptGuard): NextAuthOptions {
  return { ...authOptions, providers: [credentialsProvider(guard), ...googleProviders()] };
}
