import type { LogEventPayload } from "@/lib/event-log/schema";
import { redactBearerUrl } from "@/lib/platform/security/bearer-urls";

export interface LogEventAnswer {
  ok: boolean;
  message: string;
}

export const LOG_EVENT_FALLBACK_ERROR = "Something went wrong!";

/**
 * Posts a log event to the same origin (SPEC 7 and 8). A failed request is
 * logged and answers null; an answer without a message throws
 * 'Something went wrong!', as the original helper did.
 */
export async function logEvent(payload: LogEventPayload, fetcher: typeof fetch = fetch): Promise<LogEventAnswer | null> {
  let answer: Partial<LogEventAnswer>;
  try {
    const response = await fetcher("/api/v1/logevent", {
      method: "POST",
      headers: { "content-type": "application/json" },
      // The event log is analytics too: a demo or unsubscribe key stays out of it.
      body: JSON.stringify({
        ...payload,
        currentUrl: typeof payload.currentUrl === "string" ? redactBearerUrl(payload.currentUrl) : payload.currentUrl,
      }),
      keepalive: true,
    });
    answer = (await response.json()) as Partial<LogEventAnswer>;
  } catch (error) {
    console.error("logEvent failed:", error);
    return null;
  }
  if (!answer || typeof answer.message !== "string" || answer.message === "") {
    throw new Error(LOG_EVENT_FALLBACK_ERROR);
  }
  if (!answer.ok) console.error("logEvent refused:", answer.message);
  return { ok: Boolean(answer.ok), message: answer.message };
}
