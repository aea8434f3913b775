import "server-only";

import { getServerSession } from "next-auth";
import { forbidden, redirect } from "next/navigation";

import { authOptions } from "@/lib/auth/options";
import { authorize, can, type Actor, type Permission } from "@/lib/auth/permissions";
import { canOpenDashboard, type Dashboard } from "@/lib/auth/roles";
import type { SessionUser } from "@/lib/auth/session-user";
import { HttpError } from "@/lib/http/errors";

export async function getCurrentUser(): Promise<SessionUser | null> {
  const session = await getServerSession(authOptions);
  return session?.user ?? null;
}

/** For signed-in pages: the user, or off to /signup (the proxy does this first; this is the check that counts). */
export async function requireUser(returnTo: string): Promise<SessionUser> {
  const user = await getCurrentUser();
  if (!user) redirect(`/signup?callbackUrl=${encodeURIComponent(returnTo)}`);
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
  const user = await getCurrentUser();
  if (!user) throw new HttpError(401, "Please sign in first.");
  return user;
}

/** The signed-in user as the one who acts (users.id, email, role), or null. */
export async function getActor(): Promise<Actor | null> {
  const user = await getCurrentUser();
  return user ? { id: user.databaseId, email: user.email, role: user.role } : null;
}

/** For server actions and route handlers: the actor allowed `permission`, else a 401/403 HttpError. */
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
