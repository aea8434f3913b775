"use server";

import { revalidatePath } from "next/cache";

import { getActor } from "@/lib/platform/auth/session";
import { runAction, type ActionResult } from "@/lib/platform/http/action-result";
import { submitApplication } from "@/lib/teachers/applications/service";

// A server action is a public endpoint: submitApplication refuses a visitor without a session.
export async function applyToTeachAction(input: unknown): Promise<ActionResult> {
  return runAction("teacher application", async () => {
    const message = await submitApplication(await getActor(), input);
    revalidatePath("/become-a-teacher");
    return message;
  });
}
