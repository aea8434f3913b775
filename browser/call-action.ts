import type { ActionResult } from "@/lib/platform/http/action-result";
import { NETWORK_ERROR_MESSAGE } from "@/browser/post-json";

/**
 * Calls a server action from a form: its answer, or, when the call itself fails (offline, a
 * deployment in between), the same message a failed fetch gets, so every outcome is a value to show.
 */
export async function callAction<I>(action: (input: I) => Promise<ActionResult>, input: I): Promise<ActionResult> {
  try {
    return await action(input);
  } catch {
    return { ok: false, message: NETWORK_ERROR_MESSAGE };
  }
}
