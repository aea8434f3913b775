"use server";

import { revalidatePath } from "next/cache";

import { requireActor } from "@/lib/platform/auth/session";
import { formObject, runAction, type ActionResult } from "@/lib/platform/http/action-result";
import { addLinkHost, removeLinkHost } from "@/lib/safety/link-hosts";

const PATH = "/admin/link-hosts";

/** Issue 40: an admin adds a site teachers may link to. */
export async function addLinkHostAction(_previous: ActionResult | null, formData: FormData): Promise<ActionResult> {
  return runAction("admin.link-hosts.add", async () => {
    const actor = await requireActor("link-hosts.manage");
    const { host } = await addLinkHost(actor, formObject(formData));
    revalidatePath(PATH);
    return `${host} is on the list: links to it (and its subdomains) reach families.`;
  });
}

/** Issue 40: an admin takes a site off the list; new links to it are masked or held for support. */
export async function removeLinkHostAction(_previous: ActionResult | null, formData: FormData): Promise<ActionResult> {
  return runAction("admin.link-hosts.remove", async () => {
    const actor = await requireActor("link-hosts.manage");
    const { host } = await removeLinkHost(actor, formObject(formData));
    revalidatePath(PATH);
    return `${host} is off the list.`;
  });
}
