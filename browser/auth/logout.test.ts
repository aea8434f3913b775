import { setAnalytics, type Analytics } from "@/browser/analytics/analytics";

import { logOut } from "./logout";

/** Records every step of a logout, in order. */
function recorder() {
  const steps: string[] = [];
  const analytics: Analytics = {
    identify: () => steps.push("identify"),
    track: (event) => steps.push(`track ${event}`),
    reset: () => steps.push("reset"),
  };
  const fetcher = jest.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    steps.push(`post ${JSON.parse(String(init?.body)).eventName}`);
    return new Response(JSON.stringify({ ok: true, message: "Event logged." }), { status: 201 });
  }) as unknown as typeof fetch;
  const effects = {
    signOut: async () => steps.push("signOut"),
    navigate: (path: string) => steps.push(`navigate ${path}`),
    currentUrl: () => "http://localhost:3000/user/edit-profile",
    fetcher,
  };
  return { steps, analytics, fetcher, effects };
}

describe("logout (SPEC 4)", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    setAnalytics(null);
  });

  it("signs out, tracks 'Log Out', resets the analytics identity, posts a log event, then goes home after 100 ms", async () => {
    const { steps, analytics, fetcher, effects } = recorder();
    setAnalytics(analytics);
    await logOut({ id: "uid-42" }, effects);
    expect(steps).toEqual(["signOut", "track Log Out", "reset", "post Log Out"]);
    expect(JSON.parse(String((fetcher as jest.Mock).mock.calls[0][1].body))).toEqual({
      eventName: "Log Out",
      userId: "uid-42",
      currentUrl: "http://localhost:3000/user/edit-profile",
      additionalInfo: null,
    });
    jest.advanceTimersByTime(99);
    expect(steps).not.toContain("navigate /");
    jest.advanceTimersByTime(1);
    expect(steps.at(-1)).toBe("navigate /");
  });

  it("still goes home when the log event cannot be posted", async () => {
    const { steps, effects } = recorder();
    jest.spyOn(console, "error").mockImplementation(() => undefined);
    await logOut(
      { id: "uid-42" },
      { ...effects, fetcher: (async () => Promise.reject(new TypeError("offline"))) as unknown as typeof fetch },
    );
    jest.advanceTimersByTime(100);
    expect(steps).toEqual(["signOut", "navigate /"]);
  });
});
