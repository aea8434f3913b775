import { changePassword } from "@/lib/auth/accounts";
import { passwordChangeSchema } from "@/lib/auth/schema";
import { requireApiUser } from "@/lib/auth/session";
import { handleJsonPost } from "@/lib/http/handle-json-post";
import { jsonMessage } from "@/lib/http/responses";

/** Re-authenticate with the current password, then update it; the client signs in again with the new one. */
export function POST(request: Request) {
  return handleJsonPost(request, passwordChangeSchema, "password", async (input) => {
    const user = await requireApiUser();
    await changePassword(user, input.currentPassword, input.newPassword);
    return jsonMessage(200, "Your password has been changed.");
  });
}
