"use server";

import { revalidatePath } from "next/cache";

import { updateSectionWithRefundsAs } from "@/lib/commerce/refunds/section-close";
import { SECTION_CLOSE_MESSAGES } from "@/lib/commerce/refunds/section-close-schema";
import { requireActor } from "@/lib/platform/auth/session";
import { env } from "@/lib/platform/env";
import { runAction, type ActionResult } from "@/lib/platform/http/action-result";
import { createSectionAs } from "@/lib/scheduling/section-admin";
import { sectionFormField, sectionInputFromForm, WITHDRAW_FIELD } from "@/lib/scheduling/section-form";

/** The section lists (the public pages that show sections expire by section.saved's reaction: lib/reactions/table.ts). */
function revalidateSections() {
  revalidatePath("/teacher/sections");
  revalidatePath("/admin/sections");
  revalidatePath("/teacher/dashboard");
}

/** sectionSchema's field names as the form's (the price is entered as an amount). */
function onFormFields(result: ActionResult): ActionResult {
  if (result.ok || !result.fieldErrors) return result;
  const fieldErrors: Record<string, string> = {};
  for (const [key, message] of Object.entries(result.fieldErrors)) fieldErrors[sectionFormField(key)] ??= message;
  return { ...result, fieldErrors };
}

/** A teacher's section of an assigned course, or an admin's of any course and teacher (lib/scheduling/section-admin.ts checks which). */
export async function createSectionAction(data: FormData): Promise<ActionResult> {
  const result = await runAction("sections.create", async () => {
    const actor = await requireActor("sections.manage");
    const section = await createSectionAs(actor, sectionInputFromForm(data, env.CURRENCY));
    revalidateSections();
    return `Section ${section.id} is saved.`;
  });
  return onFormFields(result);
}

/** An edit; closing a section (or making it a draft) with families in it withdraws and refunds them once confirmed (lib/commerce/refunds/section-close.ts). */
export async function updateSectionAction(id: number, data: FormData): Promise<ActionResult> {
  const result = await runAction("sections.update", async () => {
    const actor = await requireActor("sections.manage");
    const { section, withdrawn } = await updateSectionWithRefundsAs(
      actor,
      id,
      sectionInputFromForm(data, env.CURRENCY),
      data.get(WITHDRAW_FIELD),
    );
    revalidateSections();
    if (withdrawn) revalidatePath("/my-courses");
    return withdrawn ? SECTION_CLOSE_MESSAGES.saved(section.id, withdrawn) : `Section ${section.id} is saved.`;
  });
  return onFormFields(result);
}
