import "server-only";

import { $ZodError } from "zod/v4/core";

import { HttpError, isDatabaseUnavailable } from "@/lib/http/errors";

/** What a server action answers (STYLE: errors that reach users are values). */
export type ActionResult = { ok: true; message: string } | { ok: false; message: string; fieldErrors?: Record<string, string> };

/**
 * Runs a server action's work and turns what it throws into a message safe to show: HttpError as
 * itself, a zod error as field messages, an unreachable database as "try again"; anything else is
 * logged and answered with a generic message.
 */
export async function runAction(context: string, work: () => Promise<string>): Promise<ActionResult> {
  try {
    return { ok: true, message: await work() };
  } catch (error) {
    if (error instanceof HttpError) return { ok: false, message: error.message };
    // $ZodError: the base of classic zod's ZodError and of zod/mini's errors alike.
    if (error instanceof $ZodError) {
      const fieldErrors: Record<string, string> = {};
      for (const issue of error.issues) fieldErrors[issue.path.map(String).join(".") || "form"] ??= issue.message;
      return { ok: false, message: error.issues[0]?.message ?? "Please check the form.", fieldErrors };
    }
    if (isDatabaseUnavailable(error)) {
      console.error(`[${context}] database unavailable:`, error);
      return { ok: false, message: "The service is briefly unavailable. Please try again in a minute." };
    }
    console.error(`[${context}] unexpected error:`, error);
    return { ok: false, message: "Something went wrong. Please try again" };
  }
}

/** FormData as a plain object for a zod schema (repeated keys keep the last value). */
export function formObject(formData: FormData): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of formData.entries()) if (typeof value === "string" && !key.startsWith("$ACTION")) out[key] = value;
  return out;
}
