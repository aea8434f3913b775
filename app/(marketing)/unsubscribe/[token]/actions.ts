"use server";

import { headers } from "next/headers";
import { revalidatePath } from "next/cache";

import { setWeeklyDigestByToken } from "@/lib/notifications/preferences";
import { getDb } from "@/lib/platform/db/client";
import { limitTokenGuesses } from "@/lib/platform/http/token-guesses";

/**
 * The preferences page's switch for the weekly digest (issue 28). Public like the page: the
 * unguessable per-address token is the credential, wrong tokens count against the caller's address,
 * and all it can do is turn that address's digest off or on. Works without JavaScript (a plain form).
 */
export async function setWeeklyDigestAction(token: string, formData: FormData): Promise<void> {
  const found = await limitTokenGuesses(
    await headers(),
    async () => setWeeklyDigestByToken(await getDb(), token, formData.get("digest") === "on"),
    (done) => !done,
  );
  if (found) revalidatePath(`/unsubscribe/${encodeURIComponent(token)}`);
}
