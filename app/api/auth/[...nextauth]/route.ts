import NextAuth from "next-auth";

import { authOptionsWith } from "@/lib/platform/auth/options";
import { limitPasswordAttempts } from "@/lib/platform/http/password-attempts";

// Credentials sign-in counts wrong passwords per address and per account (issue 4). A sign-in with a
// verified email is announced by the session callback (lib/platform/auth/verified-email.ts).
const handler = NextAuth(authOptionsWith(limitPasswordAttempts));

export { handler as GET, handler as POST };
