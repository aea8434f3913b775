import { registerAccount } from "@/lib/auth/accounts";
import { signUpSchema } from "@/lib/auth/schema";
import { handleJsonPost } from "@/lib/http/handle-json-post";
import { RATE_LIMITS } from "@/lib/http/rate-limit";
import { jsonMessage } from "@/lib/http/responses";

/** Sign-up (issue 3): Firebase user, users row and claims; the client then signs in. */
export function POST(request: Request) {
  return handleJsonPost(
    request,
    signUpSchema,
    "signup",
    async (input) => {
      const user = await registerAccount(input);
      return jsonMessage(201, "Your account has been created.", { user: { email: user.email, displayName: user.displayName, role: user.role } });
    },
    { rateLimit: RATE_LIMITS.signUp },
  );
}
