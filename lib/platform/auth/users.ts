import "server-only";

import { eq, sql } from "drizzle-orm";

import { getDb } from "@/lib/platform/db/client";
import { users } from "@/lib/platform/db/schema";
import type { Role } from "@/lib/platform/auth/roles";

export interface UserRow {
  id: number;
  firebaseUid: string;
  email: string;
  displayName: string | null;
  photoUrl: string | null;
  role: Role;
  sessionsValidAfter: Date | null;
  /** A suspended account gets no session (lib/accounts/suspension.ts). */
  suspendedAt: Date | null;
}

/** The columns of a UserRow, for selects and `returning` alike. */
export const userRowColumns = {
  id: users.id,
  firebaseUid: users.firebaseUid,
  email: users.email,
  displayName: users.displayName,
  photoUrl: users.photoUrl,
  role: users.role,
  sessionsValidAfter: users.sessionsValidAfter,
  suspendedAt: users.suspendedAt,
};

export async function findUserById(id: number): Promise<UserRow | null> {
  const db = await getDb();
  const [row] = await db.select(userRowColumns).from(users).where(eq(users.id, id));
  return row ?? null;
}

export async function findUserByFirebaseUid(uid: string): Promise<UserRow | null> {
  const db = await getDb();
  const [row] = await db.select(userRowColumns).from(users).where(eq(users.firebaseUid, uid));
  return row ?? null;
}

/** The row for a Firebase user, created on first sight (accounts made outside the sign-up page). */
export async function upsertUserRow(input: {
  firebaseUid: string;
  email: string;
  displayName: string | null;
  photoUrl?: string | null;
  role?: Role;
}): Promise<UserRow> {
  const db = await getDb();
  const [row] = await db
    .insert(users)
    .values({ ...input, role: input.role ?? "student" })
    .onConflictDoUpdate({
      target: users.firebaseUid,
      set: { email: input.email, updatedAt: sql`now()`, ...(input.role ? { role: input.role } : {}) },
    })
    .returning(userRowColumns);
  if (!row) throw new Error("upsert returned no row");
  return row;
}

export async function updateUserRow(id: number, changes: Partial<Pick<UserRow, "displayName" | "role" | "sessionsValidAfter" | "email">>) {
  const db = await getDb();
  await db
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, id));
}
