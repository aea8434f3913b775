import { createHash } from "node:crypto";

import { requestPasswordReset } from "@/lib/auth/accounts";
import { passwordResetSchema, RESET_SENT_MESSAGE } from "@/lib/auth/schema";
import { brand } from "@/lib/brand";
import { handleJsonPost } from "@/lib/http/handle-json-post";
import { RATE_LIMITS, refuseOverLimit } from "@/lib/http/rate-limit";
import { jsonMessage } from "@/lib/http/responses";

/** SPEC 7: the reset email's link returns to /signin. The answer is the same for unknown emails. */
export function POST(request: Request) {
  return handleJsonPost(
    request,
    passwordResetSchema,
    "password-reset",
    async (input) => {
      const refused = await refuseOverLimit(request, RATE_LIMITS.passwordResetPerEmail, mailboxKey(input.email));
      if (refused) return refused;
      await requestPasswordReset(input.email, `${brand.siteUrl}/signin`);
      return jsonMessage(200, RESET_SENT_MESSAGE);
    },
    { rateLimit: RATE_LIMITS.passwordReset },
  );
}

/** The mailbox as a counter key (the schema has trimmed it): hashed, so the limits table holds no email addresses. */
function mailboxKey(email: string): string {
  return createHash("sha256").update(email.toLowerCase()).digest("hex").slice(0, 32);
}
