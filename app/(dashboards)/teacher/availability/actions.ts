"use server";

import { revalidatePath } from "next/cache";

import { requireActor } from "@/lib/platform/auth/session";
import { formObject, runAction, type ActionResult } from "@/lib/platform/http/action-result";
import { addAvailabilityException, removeAvailabilityException, saveTeacherProfile, setWeeklyHours } from "@/lib/teachers/profiles";

const PATH = "/teacher/availability";

/** "subjects.2" is the subjects field's message on the form. */
function byField(result: ActionResult): ActionResult {
  if (result.ok || !result.fieldErrors) return result;
  const fieldErrors: Record<string, string> = {};
  for (const [key, message] of Object.entries(result.fieldErrors)) fieldErrors[key.split(".")[0] ?? key] ??= message;
  return { ...result, fieldErrors };
}

/** Issue 40: what an approved teacher is told when their bio changes. */
const BIO_HELD_MESSAGE =
  "Your profile is saved. Your new bio goes live once our team has reviewed it; until then your page shows the approved one.";

/** The teacher's own profile: public name, bio, subjects (comma-separated on the form) and time zone. */
export async function saveTeacherProfileAction(data: FormData): Promise<ActionResult> {
  const result = await runAction("teacher.profile", async () => {
    const actor = await requireActor("availability.manage");
    const form = formObject(data);
    const subjects = (form.subjects ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    const { isBioHeld } = await saveTeacherProfile(actor.id, {
      publicName: form.publicName ?? "",
      bio: form.bio ?? "",
      subjects,
      timezone: form.timezone ?? "",
    });
    revalidatePath(PATH);
    return isBioHeld ? BIO_HELD_MESSAGE : "Your profile is saved.";
  });
  return byField(result);
}

/** Replaces the signed-in teacher's weekly hours; overlapping or reversed hours answer beside their row, nothing changed. */
export async function saveWeeklyHoursAction(rows: unknown): Promise<ActionResult> {
  return runAction("teacher.hours", async () => {
    const actor = await requireActor("availability.manage");
    await setWeeklyHours(actor.id, Array.isArray(rows) ? rows : []);
    revalidatePath(PATH);
    return "Your weekly hours are saved.";
  });
}

export async function addExceptionAction(_previous: ActionResult | null, data: FormData): Promise<ActionResult> {
  return runAction("teacher.exception.add", async () => {
    const actor = await requireActor("availability.manage");
    const form = formObject(data);
    // Empty times are "no times": a whole day off.
    const time = (value: string | undefined) => (value ? value : undefined);
    await addAvailabilityException(actor.id, {
      date: form.date ?? "",
      kind: form.kind === "extra" ? "extra" : "off",
      start: time(form.start),
      end: time(form.end),
    });
    revalidatePath(PATH);
    return "The exception is added.";
  });
}

export async function removeExceptionAction(_previous: ActionResult | null, data: FormData): Promise<ActionResult> {
  return runAction("teacher.exception.remove", async () => {
    const actor = await requireActor("availability.manage");
    const removed = await removeAvailabilityException(actor.id, Number(data.get("id")));
    revalidatePath(PATH);
    return removed ? "The exception is removed." : "That exception does not exist.";
  });
}
