import { randomUUID } from "node:crypto";

import type { Actor } from "@/lib/platform/auth/permissions";
import type { Role } from "@/lib/platform/auth/roles";
import type { Database } from "@/lib/platform/db/client";
import { demoRequests, users } from "@/lib/platform/db/schema";

/** A users row (no Firebase account: for code that only reads the row) as the actor it would be. */
export async function insertActor(db: Database, role: Role, email = `${role}-${randomUUID().slice(0, 8)}@example.com`): Promise<Actor> {
  const [row] = await db
    .insert(users)
    .values({ firebaseUid: `test-${randomUUID()}`, email, role })
    .returning({ id: users.id });
  if (!row) throw new Error("insert returned no row");
  return { id: row.id, email, role };
}

type DemoRequestValues = Partial<typeof demoRequests.$inferInsert>;

/** Demo requests with sensible defaults; pass createdAt to place them in time. */
export async function insertDemoRequests(db: Database, rows: DemoRequestValues[]): Promise<string[]> {
  const inserted = await db
    .insert(demoRequests)
    .values(rows.map((row, i) => ({ userEmail: `family${i}@example.com`, course: "not-sure", ...row })))
    .returning({ id: demoRequests.id });
  return inserted.map((r) => r.id);
}
