import type { SessionUser } from "@/lib/auth/session-user";

declare module "next-auth" {
  interface Session {
    user: SessionUser;
  }
}

declare module "next-auth/jwt" {
  interface JWT {
    user?: SessionUser;
    /** When this session was issued, in ms (compared with users.sessions_valid_after). */
    issuedAtMs?: number;
  }
}
