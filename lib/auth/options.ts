import "server-only";

import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import GoogleProvider from "next-auth/providers/google";

import { signInWithEmailPassword, signInWithGoogle, toSessionUser } from "@/lib/auth/accounts";
import { identityConfig } from "@/lib/auth/config";
import { IDENTITY_MESSAGES, IdentityError } from "@/lib/auth/errors";
import { signInSchema } from "@/lib/auth/schema";
import type { SessionUser } from "@/lib/auth/session-user";
import { findUserById } from "@/lib/auth/users";
import { brand } from "@/lib/brand";
import { isDatabaseUnavailable } from "@/lib/http/errors";

export const SESSION_MAX_AGE_S = 30 * 24 * 60 * 60;

/**
 * next-auth holds the session as a signed, httpOnly JWT cookie carrying the
 * SPEC 3 user (ARCHITECTURE: Identity and roles). Firebase checks the password.
 */
export const authOptions: NextAuthOptions = {
  secret: identityConfig.sessionSecret,
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_S },
  pages: { signIn: "/signin", error: "/signin" },
  providers: [
    CredentialsProvider({
      id: "credentials",
      name: "Email and password",
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
      async authorize(credentials) {
        const parsed = signInSchema.safeParse(credentials);
        if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? IDENTITY_MESSAGES.unknown);
        try {
          return await signInWithEmailPassword(parsed.data.email, parsed.data.password);
        } catch (error) {
          // The thrown message reaches the client as signIn()'s `error`: only SPEC 8 messages.
          if (error instanceof IdentityError) throw new Error(error.message);
          console.error("[auth] sign-in failed:", error);
          throw new Error(IDENTITY_MESSAGES.unknown);
        }
      },
    }),
    // Shown only when configured (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET).
    ...(identityConfig.google ? [GoogleProvider(identityConfig.google)] : []),
  ],
  callbacks: {
    async jwt({ token, user, account }) {
      if (account?.provider === "google") {
        // Firebase stays the identity provider: the Google ID token signs in there, and its claims give the role.
        if (!account.id_token) throw new Error(IDENTITY_MESSAGES.unknown);
        token.user = await signInWithGoogle(account.id_token, brand.siteUrl);
        token.issuedAtMs = Date.now();
      } else if (user) {
        token.user = user as unknown as SessionUser;
        token.issuedAtMs = Date.now();
      }
      if (!token.user) return token;
      // Re-read the row on every session read: a role change or a new name shows at once,
      // and a password change ends sessions issued before it.
      try {
        const row = await findUserById(token.user.databaseId);
        const revoked = !row || (row.sessionsValidAfter && (token.issuedAtMs ?? 0) < row.sessionsValidAfter.getTime());
        if (revoked) throw new Error("session revoked");
        token.user = toSessionUser(row, token.user.photoURL);
        token.name = row.displayName;
      } catch (error) {
        // An unreachable database must not sign everyone out; keep the token as it is.
        if (!isDatabaseUnavailable(error)) throw error;
      }
      return token;
    },
    async session({ session, token }) {
      return { ...session, user: token.user };
    },
  },
};
