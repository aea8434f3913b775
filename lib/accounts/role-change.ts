import "server-only";

import { setUserRoleById } from "@/lib/accounts/accounts";
import { authorize, type Actor } from "@/lib/platform/auth/permissions";
import type { Role } from "@/lib/platform/auth/roles";
import { recordAudit } from "@/lib/audit/audit";
import { AppError } from "@/lib/platform/errors";
import { roleChangeSchema, USER_MESSAGES } from "@/lib/accounts/user-directory-schema";

export interface RoleChangeResult {
  userId: number;
  email: string;
  from: Role;
  to: Role;
}

/**
 * Issue 4: an admin changes someone's role. Claims and row change together (setUserRoleById) and
 * the audit record is written in the same transaction. The user sees the new role at their next
 * page load: the session's jwt callback re-reads the row.
 */
export async function changeUserRole(actor: Actor | null | undefined, input: unknown): Promise<RoleChangeResult> {
  const { userId, role } = roleChangeSchema.parse(input);
  authorize(actor, "users.manage");
  // An admin locking themselves out would leave nobody to undo it.
  if (userId === actor.id && role !== "admin") throw new AppError("conflict", USER_MESSAGES.selfDemotion);
  const change = await setUserRoleById(userId, role, async (tx, { row, from }) => {
    if (from === role) return;
    await recordAudit(tx, actor, {
      action: "user.role",
      targetType: "user",
      targetId: row.id,
      details: { email: row.email, from, to: role },
    });
  });
  if (!change) throw new AppError("not-found", USER_MESSAGES.unknownUser);
  return { userId: change.row.id, email: change.row.email, from: change.from, to: role };
}
