import { analytics } from "@/lib/analytics/analytics";
import { LOGOUT_REDIRECT_DELAY_MS } from "@/lib/constants";
import { logEvent } from "@/lib/events/client";

/**
 * SPEC 4: sign out, track 'Log Out', reset the analytics identity, post a log
 * event, then go to / after 100 ms.
 */
export async function logOut(user: { id: string }, navigate: (path: string) => void = (path) => window.location.assign(path)) {
  const { signOut } = await import("next-auth/react");
  await signOut({ redirect: false });
  analytics().track("Log Out");
  analytics().reset();
  await logEvent({ eventName: "Log Out", userId: user.id, currentUrl: window.location.href, additionalInfo: null }).catch(() => null);
  setTimeout(() => navigate("/"), LOGOUT_REDIRECT_DELAY_MS);
}
