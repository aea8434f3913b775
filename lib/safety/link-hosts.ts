import "server-only";

import { asc, eq } from "drizzle-orm";

import { recordAudit } from "@/lib/audit/audit";
import { authorize, type Actor } from "@/lib/platform/auth/permissions";
import { getDb } from "@/lib/platform/db/client";
import { allowedLinkHosts, users } from "@/lib/platform/db/schema";
import { AppError } from "@/lib/platform/errors";
import { emit } from "@/lib/platform/events/events";
import { parseInput } from "@/lib/platform/http/responses";
import { forgetAllowedLinkHosts } from "@/lib/platform/security/allowed-hosts";

import { linkHostsChanged } from "./events";
import { LINK_HOST_MESSAGES, linkHostSchema } from "./schema";

export interface LinkHostRow {
  host: string;
  addedAt: Date;
  addedBy: string | null;
}

/** The link allow-list for its admin page, A to Z. */
export async function listLinkHosts(actor: Actor | null): Promise<LinkHostRow[]> {
  authorize(actor, "link-hosts.manage");
  const db = await getDb();
  return db
    .select({ host: allowedLinkHosts.host, addedAt: allowedLinkHosts.addedAt, addedBy: users.email })
    .from(allowedLinkHosts)
    .leftJoin(users, eq(users.id, allowedLinkHosts.addedById))
    .orderBy(asc(allowedLinkHosts.host));
}

/**
 * An admin adds a site to (or removes one from) the hosts teachers may link to (issue 40): audited
 * (`link_host`), announced (link-hosts.changed: the cached list is forgotten where it is delivered)
 * and forgotten in this process at once. Links already screened stay as they were.
 */
export async function addLinkHost(actor: Actor | null, input: unknown, now = new Date()): Promise<{ host: string }> {
  authorize(actor, "link-hosts.manage");
  const { host } = parseInput(linkHostSchema, input);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const added = await tx
      .insert(allowedLinkHosts)
      .values({ host, addedById: actor.id, addedAt: now })
      .onConflictDoNothing()
      .returning({ host: allowedLinkHosts.host });
    if (added.length === 0) throw new AppError("conflict", LINK_HOST_MESSAGES.exists, { fieldErrors: { host: LINK_HOST_MESSAGES.exists } });
    await recordAudit(tx, actor, { action: "link-host.added", targetType: "link_host", targetId: host });
    await emit(tx, linkHostsChanged, { host });
  });
  forgetAllowedLinkHosts();
  return { host };
}

export async function removeLinkHost(actor: Actor | null, input: unknown): Promise<{ host: string }> {
  authorize(actor, "link-hosts.manage");
  const { host } = parseInput(linkHostSchema, input);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const removed = await tx.delete(allowedLinkHosts).where(eq(allowedLinkHosts.host, host)).returning({ host: allowedLinkHosts.host });
    if (removed.length === 0) throw new AppError("not-found", LINK_HOST_MESSAGES.notListed);
    await recordAudit(tx, actor, { action: "link-host.removed", targetType: "link_host", targetId: host });
    await emit(tx, linkHostsChanged, { host });
  });
  forgetAllowedLinkHosts();
  return { host };
}
