import { getCurrentUser } from "@/lib/platform/auth/session";
import { findUserTimezone } from "@/lib/teachers/profiles";

/**
 * Issue 31 item 3: the signed-in person's zone, for the static pages' times (the course page, a
 * demo's status page), which cannot read the session on the server without becoming dynamic. Asked
 * by the browser only while the session hint cookie is there; null when signed out or not yet known.
 */
export async function GET() {
  const user = await getCurrentUser();
  const timezone = user ? await findUserTimezone(user.databaseId) : null;
  return Response.json({ timezone }, { headers: { "Cache-Control": "private, no-store" } });
}
