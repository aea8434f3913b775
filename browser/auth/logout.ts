import { analytics } from "@/browser/analytics/analytics";
import { LOGOUT_REDIRECT_DELAY_MS } from "@/lib/platform/constants";
import { logEvent } from "@/browser/log-event";

/** The browser's side effects, replaceable so the sequence can be tested without a browser. */
export interface LogoutEffects {
  signOut: () => Promise<unknown>;
  navigate: (path: string) => void;
  currentUrl: () => string;
  fetcher: typeof fetch;
}

const browserEffects: LogoutEffects = {
  signOut: async () => (await import("next-auth/react")).signOut({ redirect: false }),
  navigate: (path) => window.location.assign(path),
  currentUrl: () => window.location.href,
  fetcher: (...args) => fetch(...args),
};

/**
 * SPEC 4: sign out, track 'Log Out', reset the analytics identity, post a log
 * event, then go to / after 100 ms. next-auth's sign-out route also ends the session on the server
 * (authOptions.events.signOut), so a copy of the cookie stops working.
 */
export async function logOut(user: { id: string }, effects: Partial<LogoutEffects> = {}) {
  const { signOut, navigate, currentUrl, fetcher } = { ...browserEffects, ...effects };
  await signOut();
  analytics().track("Log Out");
  analytics().reset();
  await logEvent({ eventName: "Log Out", userId: user.id, currentUrl: currentUrl(), additionalInfo: null }, fetcher).catch(() => null);
  setTimeout(() => navigate("/"), LOGOUT_REDIRECT_DELAY_MS);
}
