"use server";

import { revalidatePath } from "next/cache";

import { requireActor } from "@/lib/platform/auth/session";
import { runAction, formObject, type ActionResult } from "@/lib/platform/http/action-result";
import { changeUserRole } from "@/lib/accounts/role-change";
import { liftSuspension } from "@/lib/accounts/suspension";
import { ROLE_LABELS } from "@/lib/accounts/user-directory-schema";

/** The users table's per-row form. A server action is a public endpoint: the actor is checked here and in the service. */
export async function changeRoleAction(_previous: ActionResult | null, formData: FormData): Promise<ActionResult> {
  return runAction("admin.users.role", async () => {
    const actor = await requireActor("users.manage");
    const result = await changeUserRole(actor, formObject(formData));
    revalidatePath("/admin/users");
    const role = ROLE_LABELS[result.to];
    return result.from === result.to ? `${result.email} already has the role ${role}.` : `${result.email} is now ${role}.`;
  });
}

/** Issue 40: an admin lifts a family account's suspension (support suspends it on a concern). */
export async function liftSuspensionAction(_previous: ActionResult | null, formData: FormData): Promise<ActionResult> {
  return runAction("admin.users.lift-suspension", async () => {
    const actor = await requireActor("users.manage");
    const { email } = await liftSuspension(actor, formObject(formData));
    revalidatePath("/admin/users");
    return `${email} can sign in again.`;
  });
}
