import { randomUUID } from "node:crypto";

import { eq } from "drizzle-orm";

import { registerAccount } from "@/lib/accounts/accounts";
import { adminAuth } from "@/lib/platform/auth/firebase-admin";
import type { Actor } from "@/lib/platform/auth/permissions";
import type { Role } from "@/lib/platform/auth/roles";
import { auditEvents, users } from "@/lib/platform/db/schema/index";
import { AppError } from "@/lib/platform/errors";
import { openTestDatabase } from "@/test/database";
import { USER_MESSAGES } from "@/lib/accounts/user-directory-schema";

import { changeUserRole } from "./role-change";

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());

/** A real account (Auth Emulator + users row), optionally with another role in the row. */
async function account(role: Role = "student") {
  const email = `${role}.${randomUUID().slice(0, 8)}@example.com`;
  const user = await registerAccount({ displayName: `Test ${role}`, email, password: "correct-horse-1" });
  if (role !== "student") await database.db.update(users).set({ role }).where(eq(users.id, user.databaseId));
  const actor: Actor = { id: user.databaseId, email, role };
  return { user, actor };
}

const rowOf = async (id: number) => (await database.db.select().from(users).where(eq(users.id, id)))[0];
const auditOf = (id: number) =>
  database.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.targetId, String(id)));
const claimsOf = async (uid: string) => (await adminAuth().getUser(uid)).customClaims;

describe("changeUserRole (issue 4: an admin changes roles)", () => {
  it("changes the claims, the row and records who changed it from what to what", async () => {
    const { actor: admin } = await account("admin");
    const { user } = await account();
    const result = await changeUserRole(admin, { userId: String(user.databaseId), role: "teacher" });

    expect(result).toEqual({ userId: user.databaseId, email: user.email, from: "student", to: "teacher" });
    expect((await rowOf(user.databaseId))?.role).toBe("teacher");
    expect(await claimsOf(user.id)).toEqual({ role: "teacher", databaseId: user.databaseId });
    expect(await auditOf(user.databaseId)).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        actorEmail: admin.email,
        action: "user.role",
        targetType: "user",
        details: { email: user.email, from: "student", to: "teacher" },
      }),
    ]);
  });

  it.each(["support", "teacher"] as const)("refuses a %s with 403 and changes nothing", async (role) => {
    const { actor } = await account(role);
    const { user } = await account();
    const attempt = changeUserRole(actor, { userId: user.databaseId, role: "admin" });
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({ status: 403 });
    expect((await rowOf(user.databaseId))?.role).toBe("student");
    expect(await claimsOf(user.id)).toEqual({ role: "student", databaseId: user.databaseId });
    expect(await auditOf(user.databaseId)).toHaveLength(0);
  });

  it("refuses a signed-out caller with 401", async () => {
    const { user } = await account();
    await expect(changeUserRole(null, { userId: user.databaseId, role: "admin" })).rejects.toMatchObject({ status: 401 });
    expect((await rowOf(user.databaseId))?.role).toBe("student");
  });

  it("does not let an admin demote themselves", async () => {
    const { actor: admin, user } = await account("admin");
    await expect(changeUserRole(admin, { userId: admin.id, role: "student" })).rejects.toThrow(USER_MESSAGES.selfDemotion);
    expect((await rowOf(admin.id))?.role).toBe("admin");
    expect(await auditOf(user.databaseId)).toHaveLength(0);
  });

  it("refuses a role that does not exist, and an unknown user", async () => {
    const { actor: admin } = await account("admin");
    const { user } = await account();
    await expect(changeUserRole(admin, { userId: user.databaseId, role: "superuser" })).rejects.toMatchObject({
      name: "ZodError",
      issues: [expect.objectContaining({ path: ["role"], message: USER_MESSAGES.roleRequired })],
    });
    expect((await rowOf(user.databaseId))?.role).toBe("student");
    await expect(changeUserRole(admin, { userId: 99_999_999, role: "teacher" })).rejects.toMatchObject({ status: 404 });
  });

  it("rolls the row back when Firebase refuses the claims", async () => {
    const { actor: admin } = await account("admin");
    const { user } = await account();
    await adminAuth().deleteUser(user.id);
    await expect(changeUserRole(admin, { userId: user.databaseId, role: "teacher" })).rejects.toThrow();
    expect((await rowOf(user.databaseId))?.role).toBe("student");
    expect(await auditOf(user.databaseId)).toHaveLength(0);
  });
});
