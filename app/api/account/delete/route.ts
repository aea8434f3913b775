import { deleteAccount } from "@/lib/auth/accounts";
import { deleteAccountSchema } from "@/lib/auth/schema";
import { requireApiUser } from "@/lib/auth/session";
import { handleJsonPost } from "@/lib/http/handle-json-post";
import { jsonMessage } from "@/lib/http/responses";

export function POST(request: Request) {
  return handleJsonPost(request, deleteAccountSchema, "delete-account", async (input) => {
    const user = await requireApiUser();
    await deleteAccount(user, input.password);
    return jsonMessage(200, "Your account has been deleted.");
  });
}
