import { logEvent, LOG_EVENT_FALLBACK_ERROR } from "./log-event";

const answer = (body: unknown, status = 200) =>
  jest.fn(
    async () => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }),
  ) as unknown as typeof fetch;

describe("logEvent (SPEC 8)", () => {
  beforeEach(() => jest.spyOn(console, "error").mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it("posts the payload as JSON to the same-origin endpoint and returns ok and message", async () => {
    const fetcher = answer({ ok: true, message: "Event logged." }, 201);
    const payload = { eventName: "Log Out", userId: "9", currentUrl: "/", additionalInfo: null };
    await expect(logEvent(payload, fetcher)).resolves.toEqual({ ok: true, message: "Event logged." });
    expect(fetcher).toHaveBeenCalledWith(
      "/api/v1/logevent",
      expect.objectContaining({ method: "POST", body: JSON.stringify(payload), headers: { "content-type": "application/json" } }),
    );
  });

  it("sends the page's URL without a demo or unsubscribe key (issue 26 finding 6)", async () => {
    const fetcher = answer({ ok: true, message: "Event logged." }, 201);
    await logEvent({ eventName: "Log Out", currentUrl: "https://x.example/demo/secret-token?code=ABC" }, fetcher);
    const [, init] = (fetcher as unknown as jest.Mock).mock.calls[0] as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toMatchObject({ currentUrl: "https://x.example/demo/[redacted]?code=[redacted]" });
  });

  it("logs a failed request and returns null", async () => {
    const fetcher = jest.fn(async () => {
      throw new TypeError("Failed to fetch");
    }) as unknown as typeof fetch;
    await expect(logEvent({ eventName: "x" }, fetcher)).resolves.toBeNull();
    expect(console.error).toHaveBeenCalled();
  });

  it("returns null when the answer is not JSON", async () => {
    const fetcher = jest.fn(async () => new Response("<html>", { status: 502 })) as unknown as typeof fetch;
    await expect(logEvent({ eventName: "x" }, fetcher)).resolves.toBeNull();
  });

  it("throws 'Something went wrong!' when the answer has no message", async () => {
    await expect(logEvent({ eventName: "x" }, answer({ ok: true }))).rejects.toThrow(LOG_EVENT_FALLBACK_ERROR);
    expect(LOG_EVENT_FALLBACK_ERROR).toBe("Something went wrong!");
  });

  it("passes a refusal's message through with ok false", async () => {
    await expect(logEvent({ eventName: "" }, answer({ ok: false, message: "eventName is required." }, 400))).resolves.toEqual({
      ok: false,
      message: "eventName is required.",
    });
  });
});
