import "server-only";

import { forbidden, redirect } from "next/navigation";

import { signUpPathFor } from "@/lib/platform/auth/guard";
import { getCurrentUser, hasLearnerSession } from "@/lib/platform/auth/current-user";
import { LEARNER_REFUSED } from "@/lib/platform/auth/learner-cookie";
import { authorize, can, type Actor, type Permission } from "@/lib/platform/auth/permissions";
import { canOpenDashboard, type Dashboard } from "@/lib/platform/auth/roles";
import type { SessionUser } from "@/lib/platform/auth/session-user";
import { AppError } from "@/lib/platform/errors";

export { getCurrentUser };

/** For signed-in pages: the user, or off to /signup (the proxy does this first; this is the check that counts). */
export async function requireUser(returnTo: string): Promise<SessionUser> {
  // A child's session has its own space; the family's pages are not theirs.
  if (await hasLearnerSession()) redirect("/learn");
  const user = await getCurrentUser();
  if (!user) redirect(signUpPathFor(returnTo));
  return user;
}

/** For dashboards: signed-out visitors sign in; signed-in users without the role get the 403 page. */
export async function requireDashboard(dashboard: Dashboard): Promise<SessionUser> {
  const user = await requireUser(`/${dashboard}/dashboard`);
  if (!canOpenDashboard(user.role, dashboard)) forbidden();
  return user;
}

/** For route handlers: the user or a 401 with a JSON message. */
export async function requireApiUser(): Promise<SessionUser> {
  await refuseLearnerSession();
  const user = await getCurrentUser();
  if (!user) throw new AppError("unauthenticated", "Please sign in first.");
  return user;
}

/** The signed-in user as the one who acts (users.id, email, role), or null. */
export async function getActor(): Promise<Actor | null> {
  // Every caller acts for the actor it gets (or refuses null): a child's session is refused outright.
  await refuseLearnerSession();
  const user = await getCurrentUser();
  return user ? { id: user.databaseId, email: user.email, role: user.role } : null;
}

/** For server actions and route handlers: the actor allowed `permission`, else a 401/403 AppError. */
export async function requireActor(permission: Permission): Promise<Actor> {
  const actor = await getActor();
  authorize(actor, permission);
  return actor;
}

/** For staff pages: signed-out visitors sign in first; users without the permission get the 403 page. */
export async function requirePagePermission(permission: Permission, returnTo: string): Promise<Actor> {
  const user = await requireUser(returnTo);
  if (!can(user.role, permission)) forbidden();
  return { id: user.databaseId, email: user.email, role: user.role };
}

/** A 403 with a JSON message for a child's session: the grown-ups' routes and actions call it first. */
export async function refuseLearnerSession(): Promise<void> {
  if (await hasLearnerSession()) throw new AppError("forbidden", LEARNER_REFUSED);
}
