import "server-only";

import { $ZodError } from "zod/v4/core";

import { IDENTITY_MESSAGES, IdentityError } from "@/lib/platform/auth/errors";
import { AppError, isDatabaseUnavailable } from "@/lib/platform/errors";
import { reactBeforeTheAnswer } from "@/lib/platform/events/reactions";

/**
 * What a server action answers (STYLE: errors that reach users are values). `retryAfterSeconds`
 * is a route's Retry-After: set when a limit refused the action (its message says when, too).
 */
export type ActionResult =
  { ok: true; message: string } | { ok: false; message: string; fieldErrors?: Record<string, string>; retryAfterSeconds?: number };

/**
 * Runs a server action's work and turns what it throws into a message safe to show: AppError and
 * IdentityError as themselves, a zod error as field messages, an unreachable database as "try again"; anything else is
 * logged and answered with a generic message. The reactions the person must find done on their
 * next page (a handler's `beforeTheAnswer`: the seat pages' expiry) run here, once the work ended.
 */
export async function runAction(context: string, work: () => Promise<string>): Promise<ActionResult> {
  try {
    return { ok: true, message: await reactBeforeTheAnswer(work) };
  } catch (error) {
    if (error instanceof AppError) {
      // A domain's parseInput carries each field's message: the form shows them beside the fields.
      return {
        ok: false,
        message: error.message,
        ...(error.retryAfterSeconds ? { retryAfterSeconds: error.retryAfterSeconds } : {}),
        ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}),
      };
    }
    // SPEC 8's catalogue, as the account routes answered it; an unreachable provider gets the catch-all.
    if (error instanceof IdentityError) {
      if (error.code === "IDENTITY_UNAVAILABLE") console.error(`[${context}] identity provider unavailable:`, error);
      return { ok: false, message: error.code === "IDENTITY_UNAVAILABLE" ? IDENTITY_MESSAGES.unknown : error.message };
    }
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

/** runAction for an action that answers data (a picker's times): the data, or the refusal's message. */
export async function runForData<T>(
  context: string,
  work: () => Promise<T>,
): Promise<{ ok: true; data: T } | { ok: false; message: string }> {
  let data: { value: T } | undefined;
  const result = await runAction(context, async () => {
    data = { value: await work() };
    return "";
  });
  return result.ok && data ? { ok: true, data: data.value } : { ok: false, message: result.ok ? "Something went wrong." : result.message };
}
