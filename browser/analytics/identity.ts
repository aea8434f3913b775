import { analytics } from "@/browser/analytics/analytics";
import type { Role } from "@/lib/platform/auth/roles";

let identifiedId: string | null = null;

/**
 * Identifies the user once each time the session becomes signed-in (sign-in,
 * sign-up, or a returning visitor whose session is read on arrival), with the
 * id and role only. Logout resets the identity itself (browser/auth/logout.ts).
 */
export function syncAnalyticsIdentity(user: { id: string; role: Role } | null): void {
  if (!user) {
    identifiedId = null;
    return;
  }
  if (identifiedId === user.id) return;
  identifiedId = user.id;
  analytics().identify(user.id, { role: user.role });
}
