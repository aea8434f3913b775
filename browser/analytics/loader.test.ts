/**
 * SPEC 4, 7, 9 and issue 5: PostHog loads only with a key, after consent and once
 * the page is interactive; then page views, identify on sign-in and the logout
 * sequence reach it in order. posthog-js is mocked at its module boundary.
 */
let mockImports = 0;
const mockPosthog = { init: jest.fn(), register: jest.fn(), identify: jest.fn(), capture: jest.fn(), reset: jest.fn() };
jest.mock("posthog-js", () => {
  mockImports += 1;
  return { __esModule: true, default: mockPosthog };
});
jest.mock("next-auth/react", () => ({ signOut: jest.fn(async () => undefined) }));
jest.mock("@/browser/log-event", () => ({ logEvent: jest.fn(async () => ({ ok: true, message: "Event logged." })) }));

import type { LoaderBrowser } from "./loader";

type Modules = {
  loader: typeof import("./loader");
  identity: typeof import("./identity");
  logout: typeof import("@/browser/auth/logout");
  authState: typeof import("@/browser/auth/auth-state");
  posthog: typeof mockPosthog;
};

/** Fresh module state for each test: the loader and the facade keep module-level state, as in a page. */
function load(): Modules {
  jest.resetModules();
  return {
    loader: require("./loader"),
    identity: require("./identity"),
    logout: require("@/browser/auth/logout"),
    authState: require("@/browser/auth/auth-state"),
    posthog: mockPosthog,
  };
}

function fakeBrowser({ hasConsent = false, url = "http://localhost:3000/" } = {}) {
  let consentListener: (() => void) | undefined;
  let interactiveTask: (() => void) | undefined;
  let current = url;
  let consent = hasConsent;
  const browser: LoaderBrowser = {
    onConsent(listener) {
      if (consent) listener();
      else consentListener = listener;
      return () => (consentListener = undefined);
    },
    whenInteractive(task) {
      interactiveTask = task;
      return () => (interactiveTask = undefined);
    },
    currentUrl: () => current,
  };
  return {
    browser,
    giveConsent: () => {
      consent = true;
      consentListener?.();
    },
    becomeInteractive: () => interactiveTask?.(),
    navigate: (next: string) => (current = next),
  };
}

const settings = { posthog: { key: "phc_test", apiHost: "https://eu.i.posthog.com" }, ipLookupUrl: "/api/v1/ip" };

async function waitFor(check: () => boolean) {
  for (let i = 0; i < 50 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 0));
  expect(check()).toBe(true);
}

const flush = async () => {
  for (let i = 0; i < 10; i++) await new Promise((resolve) => setTimeout(resolve, 0));
};

let fetchMock: jest.Mock;
beforeEach(() => {
  mockImports = 0;
  Object.values(mockPosthog).forEach((mock) => mock.mockReset());
  fetchMock = jest.fn(async () => Response.json({ ip: "203.0.113.7" }));
  global.fetch = fetchMock as unknown as typeof fetch;
  jest.spyOn(console, "error").mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe("analytics loader (issue 5)", () => {
  it("does nothing without a key: no import, no init, no request, even with consent", async () => {
    const { loader } = load();
    const page = fakeBrowser({ hasConsent: true });
    loader.startAnalytics({ posthog: null, ipLookupUrl: "/api/v1/ip" }, page.browser);
    page.becomeInteractive();
    await flush();
    expect(mockImports).toBe(0);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("does nothing before consent, nor after consent until the page is interactive", async () => {
    const { loader, posthog } = load();
    const page = fakeBrowser();
    loader.startAnalytics(settings, page.browser);
    page.becomeInteractive();
    await flush();
    expect(mockImports).toBe(0);
    expect(fetchMock).not.toHaveBeenCalled();

    page.giveConsent();
    await flush();
    expect(mockImports).toBe(0);

    page.becomeInteractive();
    await waitFor(() => posthog.init.mock.calls.length === 1);
    expect(mockImports).toBe(1);
  });

  it("inits with local-storage persistence and its own page views, and registers user_ip from the lookup", async () => {
    const { loader, posthog } = load();
    const page = fakeBrowser({ hasConsent: true });
    loader.startAnalytics(settings, page.browser);
    page.becomeInteractive();
    await waitFor(() => posthog.capture.mock.calls.length === 1);
    expect(fetchMock).toHaveBeenCalledWith("/api/v1/ip", expect.objectContaining({ cache: "no-store" }));
    expect(posthog.init).toHaveBeenCalledWith(
      "phc_test",
      expect.objectContaining({
        api_host: "https://eu.i.posthog.com",
        persistence: "localStorage",
        capture_pageview: false,
        autocapture: false,
      }),
    );
    expect(posthog.register).toHaveBeenCalledWith({ user_ip: "203.0.113.7" });
    expect(posthog.register.mock.invocationCallOrder[0]).toBeLessThan(posthog.capture.mock.invocationCallOrder[0]!);
    // The page it loaded on is the first page view.
    expect(posthog.capture).toHaveBeenCalledWith("$pageview", { $current_url: "http://localhost:3000/" });
  });

  it("still loads, without user_ip, when the IP lookup fails (the failure is only logged)", async () => {
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    const { loader, posthog } = load();
    const page = fakeBrowser({ hasConsent: true });
    loader.startAnalytics(settings, page.browser);
    page.becomeInteractive();
    await waitFor(() => posthog.init.mock.calls.length === 1);
    expect(posthog.register).not.toHaveBeenCalled();
    expect(console.error).toHaveBeenCalledWith("IP lookup failed:", expect.any(TypeError));
  });

  it("tracks one page view per navigation, none before it loaded and none twice for one URL", async () => {
    const { loader, posthog } = load();
    const page = fakeBrowser({ hasConsent: true });
    loader.trackPageview("http://localhost:3000/before-consent");
    loader.startAnalytics(settings, page.browser);
    page.becomeInteractive();
    await waitFor(() => posthog.capture.mock.calls.length === 1);

    loader.trackPageview("http://localhost:3000/"); // the effect of the page it loaded on
    loader.trackPageview("http://localhost:3000/courses");
    loader.trackPageview("http://localhost:3000/courses?category=music");
    expect(posthog.capture.mock.calls).toEqual([
      ["$pageview", { $current_url: "http://localhost:3000/" }],
      ["$pageview", { $current_url: "http://localhost:3000/courses" }],
      ["$pageview", { $current_url: "http://localhost:3000/courses?category=music" }],
    ]);
  });

  it("sends page views and every event's URLs without the keys of demo, unsubscribe and gift pages (issue 26 finding 6)", async () => {
    const { loader, posthog } = load();
    const page = fakeBrowser({ hasConsent: true, url: "http://localhost:3000/demo/s3cr3t-token" });
    loader.startAnalytics(settings, page.browser);
    page.becomeInteractive();
    await waitFor(() => posthog.capture.mock.calls.length === 1);
    loader.trackPageview("http://localhost:3000/unsubscribe/another-token");
    expect(posthog.capture.mock.calls).toEqual([
      ["$pageview", { $current_url: "http://localhost:3000/demo/[redacted]" }],
      ["$pageview", { $current_url: "http://localhost:3000/unsubscribe/[redacted]" }],
    ]);
    // What PostHog adds to any event itself (URL, path, referrer, the person's first URL) goes through before_send.
    const { before_send: beforeSend } = posthog.init.mock.calls[0]![1] as { before_send: (event: object) => object };
    const sent = beforeSend({
      event: "Log Out",
      properties: { $current_url: "http://localhost:3000/demo/s3cr3t-token", $pathname: "/demo/s3cr3t-token", plan: 3 },
      $set_once: { $initial_current_url: "http://localhost:3000/gift-a-course/gifts/g1?code=ABCD" },
    });
    expect(JSON.stringify(sent)).not.toMatch(/s3cr3t|g1|ABCD/);
    expect(sent).toMatchObject({ properties: { $pathname: "/demo/[redacted]", plan: 3 } });
  });

  it("identifies on sign-in with id and role, once per user", async () => {
    const { loader, identity, posthog } = load();
    const page = fakeBrowser({ hasConsent: true });
    loader.startAnalytics(settings, page.browser);
    page.becomeInteractive();
    await waitFor(() => posthog.init.mock.calls.length === 1);

    identity.syncAnalyticsIdentity({ id: "uid-1", role: "student" });
    identity.syncAnalyticsIdentity({ id: "uid-1", role: "student" }); // a later session refresh
    expect(posthog.identify.mock.calls).toEqual([["uid-1", { role: "student" }]]);
    identity.syncAnalyticsIdentity(null);
    identity.syncAnalyticsIdentity({ id: "uid-2", role: "teacher" });
    expect(posthog.identify).toHaveBeenLastCalledWith("uid-2", { role: "teacher" });
  });

  it("identifies when the auth state reads a signed-in session (SPEC 4), and forgets the user when it ends", async () => {
    const { loader, authState, posthog } = load();
    const page = fakeBrowser({ hasConsent: true });
    loader.startAnalytics(settings, page.browser);
    page.becomeInteractive();
    await waitFor(() => posthog.init.mock.calls.length === 1);

    const user = { id: "uid-7", email: "t@example.com", name: "T", displayName: "T", photoURL: null, role: "teacher", databaseId: 7 };
    Object.defineProperty(globalThis, "document", { value: { cookie: "signed_in=1" }, configurable: true });
    try {
      fetchMock.mockResolvedValue(Response.json({ user }));
      await authState.refreshAuthState();
      expect(fetchMock).toHaveBeenLastCalledWith("/api/auth/session", expect.anything());
      expect(posthog.identify.mock.calls).toEqual([["uid-7", { role: "teacher" }]]);

      fetchMock.mockResolvedValue(Response.json({}));
      await authState.refreshAuthState(); // signed out elsewhere
      fetchMock.mockResolvedValue(Response.json({ user }));
      await authState.refreshAuthState(); // and in again: a new identify
      expect(posthog.identify).toHaveBeenCalledTimes(2);
    } finally {
      Reflect.deleteProperty(globalThis, "document");
    }
  });

  it("replays an identify made before consent after loading, and sends nothing before", async () => {
    const { loader, identity, posthog } = load();
    const page = fakeBrowser();
    identity.syncAnalyticsIdentity({ id: "uid-1", role: "admin" });
    loader.startAnalytics(settings, page.browser);
    await flush();
    expect(mockImports).toBe(0);

    page.giveConsent();
    page.becomeInteractive();
    await waitFor(() => posthog.identify.mock.calls.length === 1);
    expect(posthog.identify).toHaveBeenCalledWith("uid-1", { role: "admin" });
    expect(posthog.init.mock.invocationCallOrder[0]).toBeLessThan(posthog.identify.mock.invocationCallOrder[0]!);
  });

  it("on logout tracks 'Log Out', then resets the identity (SPEC 4)", async () => {
    const { loader, logout, posthog } = load();
    const page = fakeBrowser({ hasConsent: true });
    loader.startAnalytics(settings, page.browser);
    page.becomeInteractive();
    await waitFor(() => posthog.init.mock.calls.length === 1);

    const navigate = jest.fn();
    const fetcher = (async () => new Response(JSON.stringify({ ok: true, message: "Event logged." }))) as unknown as typeof fetch;
    await logout.logOut(
      { id: "uid-1" },
      { navigate, signOut: async () => undefined, currentUrl: () => "http://localhost:3000/my-courses", fetcher },
    );
    expect(posthog.capture).toHaveBeenCalledWith("Log Out", undefined);
    const trackedAt = posthog.capture.mock.invocationCallOrder.at(-1)!;
    expect(posthog.reset).toHaveBeenCalledTimes(1);
    expect(trackedAt).toBeLessThan(posthog.reset.mock.invocationCallOrder[0]!);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(navigate).toHaveBeenCalledWith("/");
  });
});
