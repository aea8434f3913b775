import { requestPasswordReset } from "@/lib/auth/accounts";
import { passwordResetSchema, RESET_SENT_MESSAGE } from "@/lib/auth/schema";
import { brand } from "@/lib/brand";
import { handleJsonPost } from "@/lib/http/handle-json-post";
import { RATE_LIMITS } from "@/lib/http/rate-limit";
import { jsonMessage } from "@/lib/http/responses";

/** SPEC 7: the reset email's link returns to /signin. The answer is the same for unknown emails. */
export function POST(request: Request) {
  return handleJsonPost(
    request,
    passwordResetSchema,
    "password-reset",
    async (input) => {
      await requestPasswordReset(input.email, `${brand.siteUrl}/signin`);
      return jsonMessage(200, RESET_SENT_MESSAGE);
    },
    { rateLimit: RATE_LIMITS.passwordReset },
  );
}
