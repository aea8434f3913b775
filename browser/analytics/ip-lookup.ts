/**
 * SPEC 7: asks for the visitor's IP (this site's /api/v1/ip unless an outside
 * lookup is configured) and reads `ip`. SPEC 8: a failure is only logged.
 */
export async function lookupIp(url: string, fetcher: typeof fetch = fetch): Promise<string | null> {
  try {
    const response = await fetcher(url, { cache: "no-store", signal: AbortSignal.timeout(5000) });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const body = (await response.json()) as { ip?: unknown } | null;
    if (typeof body?.ip !== "string" || body.ip === "") throw new Error("the answer has no ip");
    return body.ip;
  } catch (error) {
    console.error("IP lookup failed:", error);
    return null;
  }
}
