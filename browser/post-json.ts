/** Client-side POST of JSON to our own API; every outcome is a value with a message to show. */
export type PostResult<T = Record<string, unknown>> =
  ({ ok: true } & T & { message: string }) | { ok: false; message: string; status: number };

export const NETWORK_ERROR_MESSAGE = "We couldn't reach our server. Please check your connection and try again.";
export const GENERIC_ERROR_MESSAGE = "Something went wrong. Please try again";

export async function postJson<T = Record<string, unknown>>(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<PostResult<T>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, message: NETWORK_ERROR_MESSAGE, status: 0 };
  }
  const answer = (await response.json().catch(() => null)) as ({ message?: unknown } & T) | null;
  const message = typeof answer?.message === "string" ? answer.message : GENERIC_ERROR_MESSAGE;
  if (!response.ok)
    return {
      ok: false,
      message: response.status >= 500 && response.status !== 503 ? GENERIC_ERROR_MESSAGE : message,
      status: response.status,
    };
  return { ...(answer as T), ok: true, message };
}
