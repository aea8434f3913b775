/**
 * SPEC 4 and issue 3: a signed-in page's layout hands the session the server read to the shell, so
 * the auth state is signed-in from the server render on, and the browser asks nothing.
 */
import type { SessionUser } from "@/lib/platform/auth/session-user";

type AuthStateModule = typeof import("./auth-state");
type AnalyticsModule = typeof import("@/browser/analytics/analytics");

const admin: SessionUser = {
  id: "uid-admin",
  name: "Ada",
  email: "admin@example.com",
  displayName: "Ada Admin",
  photoURL: null,
  role: "admin",
  databaseId: 3,
  emailVerified: true,
};

const fetchMock = jest.fn();

/** Fresh module state, as on a page's first load (React too, so the hook and the renderer share one copy). */
function load(): {
  authState: AuthStateModule;
  analytics: AnalyticsModule;
  renderToString: typeof import("react-dom/server").renderToString;
} {
  jest.resetModules();
  return {
    authState: require("./auth-state"),
    analytics: require("@/browser/analytics/analytics"),
    renderToString: require("react-dom/server").renderToString,
  };
}

beforeEach(() => {
  fetchMock.mockReset();
  globalThis.fetch = fetchMock;
  Object.defineProperty(globalThis, "document", { value: { cookie: "signed_in=1" }, configurable: true });
});
afterEach(() => Reflect.deleteProperty(globalThis, "document"));

describe("the auth state handed over by the server", () => {
  it("renders the server's user on the server, where the state would otherwise be unknown", () => {
    const { authState, renderToString } = load();
    function Probe({ serverUser }: { serverUser: SessionUser | null }) {
      const auth = authState.useAuthState(serverUser);
      return <p>{auth.status === "signed-in" ? `${auth.status}:${auth.user.role}` : auth.status}</p>;
    }
    expect(renderToString(<Probe serverUser={admin} />)).toContain("signed-in:admin");
    expect(renderToString(<Probe serverUser={null} />)).toContain("unknown");
  });

  it("makes a state not yet known signed-in at once, identifies the user, and fetches nothing", () => {
    const { authState, analytics } = load();
    authState.primeAuthState(admin);
    expect(authState.currentAuthState()).toEqual({ status: "signed-in", user: admin });
    expect(fetchMock).not.toHaveBeenCalled();
    // Identify (id and role only) reaches analytics, queued until consent.
    const provider = { identify: jest.fn(), track: jest.fn(), reset: jest.fn() };
    analytics.setAnalytics(provider);
    expect(provider.identify.mock.calls).toEqual([["uid-admin", { role: "admin" }]]);
  });

  it("does not undo a state the browser already knows, such as a logout on this page", async () => {
    const { authState } = load();
    fetchMock.mockResolvedValue(Response.json({}));
    await authState.refreshAuthState();
    expect(authState.currentAuthState()).toEqual({ status: "signed-out", user: null });
    authState.primeAuthState(admin);
    expect(authState.currentAuthState()).toEqual({ status: "signed-out", user: null });
  });
});
