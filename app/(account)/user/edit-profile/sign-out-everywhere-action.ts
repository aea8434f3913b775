"use server";

import { signOutEverywhere } from "@/lib/accounts/sessions";
import { getActor } from "@/lib/platform/auth/session";
import { runAction, type ActionResult } from "@/lib/platform/http/action-result";

// A server action is a public endpoint: signOutEverywhere refuses a visitor without a session.
export async function signOutEverywhereAction(): Promise<ActionResult> {
  return runAction("sign out everywhere", async () => {
    await signOutEverywhere(await getActor());
    return "You are signed out everywhere.";
  });
}
