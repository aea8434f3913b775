import type { SessionUser } from "@/lib/platform/auth/session-user";

declare module "next-auth" {
  interface Session {
    user: SessionUser;
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    user?: SessionUser;
    /** When this session was signed in, in ms: compared with users.sessions_valid_after, Firebase's tokensValidAfterTime and the absolute max age. */
    issuedAtMs?: number;
    /** When this session was last used, in ms: checked against its role's idle limit (session-limits.ts). */
    lastSeenMs?: number;
  }
}
