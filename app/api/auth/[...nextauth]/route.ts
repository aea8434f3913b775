import NextAuth from "next-auth";

import { authOptionsWith } from "@/lib/platform/auth/options";
import { limitPasswordAttempts } from "@/lib/platform/http/password-attempts";

// Credentials sign-in counts wrong passwords per address and per account (issue 4).
const handler = NextAuth(authOptionsWith(limitPasswordAttempts));

export { handler as GET, handler as POST };
