import { updateDisplayName } from "@/lib/auth/accounts";
import { profileSchema } from "@/lib/auth/schema";
import { requireApiUser } from "@/lib/auth/session";
import { handleJsonPost } from "@/lib/http/handle-json-post";
import { jsonMessage } from "@/lib/http/responses";

export function POST(request: Request) {
  return handleJsonPost(request, profileSchema, "profile", async (input) => {
    const user = await requireApiUser();
    await updateDisplayName(user, input.displayName);
    return jsonMessage(200, "Your profile has been updated.", { displayName: input.displayName });
  });
}
