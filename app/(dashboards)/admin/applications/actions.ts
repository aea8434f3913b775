"use server";

import { revalidatePath } from "next/cache";

import { requireActor } from "@/lib/platform/auth/session";
import { formObject, runAction, type ActionResult } from "@/lib/platform/http/action-result";
import { decideApplication } from "@/lib/teachers/applications/service";
import { reviewListing } from "@/lib/teachers/listing-review";
import { recordCheck, runBackgroundCheck } from "@/lib/teachers/vetting/checks";

// A server action is a public endpoint: each checks the session and role itself (STYLE).

function refresh(data: FormData) {
  revalidatePath("/admin/applications");
  const id = data.get("applicationId");
  if (typeof id === "string" && /^\d+$/.test(id)) revalidatePath(`/admin/applications/${id}`);
}

export async function decideApplicationAction(data: FormData): Promise<ActionResult> {
  return runAction("teacher application decision", async () => {
    const message = await decideApplication(await requireActor("applications.decide"), formObject(data));
    refresh(data);
    return message;
  });
}

export async function recordCheckAction(data: FormData): Promise<ActionResult> {
  return runAction("teacher check", async () => {
    const message = await recordCheck(await requireActor("applications.decide"), formObject(data));
    refresh(data);
    return message;
  });
}

export async function runBackgroundCheckAction(data: FormData): Promise<ActionResult> {
  return runAction("teacher background check", async () => {
    const message = await runBackgroundCheck(await requireActor("applications.decide"), formObject(data));
    refresh(data);
    return message;
  });
}

export async function reviewListingAction(data: FormData): Promise<ActionResult> {
  return runAction("teacher listing review", async () => {
    const message = await reviewListing(await requireActor("applications.decide"), formObject(data));
    revalidatePath("/admin/applications");
    return message;
  });
}
