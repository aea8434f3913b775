import "server-only";

import { and, eq, isNotNull, isNull } from "drizzle-orm";

import { recordAudit } from "@/lib/audit/audit";
import { authorize, type Actor } from "@/lib/platform/auth/permissions";
import { getDb, type Transaction } from "@/lib/platform/db/client";
import { users } from "@/lib/platform/db/schema";
import { AppError } from "@/lib/platform/errors";
import { parseInput } from "@/lib/platform/http/responses";

import { liftSuspensionSchema, USER_MESSAGES } from "./user-directory-schema";

/**
 * A family's account suspended on a safety concern (lib/safety/concern-actions.ts), in the caller's
 * transaction: while users.suspended_at is set no session is issued (sign-in refuses it) or
 * honoured (every session read re-reads the row: lib/platform/auth/options.ts), so the account can
 * neither read, post nor book anywhere on the server. Nothing it wrote is removed: its messages
 * stay for support. Only a family account (the student role): staff and teachers have their own
 * roads (a role change, a teacher's suspension). Audited; true when it was not suspended before.
 */
export async function suspendFamilyAccountIn(
  tx: Transaction,
  actor: Actor,
  userId: number,
  now: Date,
  details: Record<string, unknown>,
): Promise<boolean> {
  const [row] = await tx.select({ role: users.role }).from(users).where(eq(users.id, userId)).for("update");
  if (!row) throw new AppError("not-found", USER_MESSAGES.unknownUser);
  if (row.role !== "student") throw new AppError("conflict", USER_MESSAGES.notAFamily);
  const changed = await tx
    .update(users)
    .set({ suspendedAt: now, updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.suspendedAt)))
    .returning({ id: users.id });
  if (changed.length === 0) return false;
  await recordAudit(tx, actor, { action: "user.suspended", targetType: "user", targetId: userId, details });
  return true;
}

/** An admin lifts a suspension (the users table's per-row button): the account signs in again. Audited. */
export async function liftSuspension(actor: Actor | null | undefined, input: unknown, now = new Date()): Promise<{ email: string }> {
  authorize(actor, "users.manage");
  const { userId } = parseInput(liftSuspensionSchema, input);
  return (await getDb()).transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ suspendedAt: null, updatedAt: now })
      .where(and(eq(users.id, userId), isNotNull(users.suspendedAt)))
      .returning({ email: users.email });
    if (!row) throw new AppError("conflict", USER_MESSAGES.notSuspended);
    await recordAudit(tx, actor, { action: "user.suspension-lifted", targetType: "user", targetId: userId });
    return row;
  });
}
