import "server-only";

import { FALLBACK_TIMEZONE } from "@/lib/platform/constants";

import { and, desc, eq, ilike, lt, or, sql, type SQL } from "drizzle-orm";

import type { Role } from "@/lib/platform/auth/roles";
import { getDb } from "@/lib/platform/db/client";
import { teacherProfiles, users } from "@/lib/platform/db/schema/index";
import type { UserFilters } from "@/lib/accounts/user-directory-schema";
import { authorize, type Actor } from "@/lib/platform/auth/permissions";

export const USERS_PAGE_SIZE = 50;

/** A user as the admin's list shows them: no Firebase uid, no session data. */
export interface UserListRow {
  id: number;
  email: string;
  displayName: string | null;
  role: Role;
  createdAt: Date;
  /** Set while support's suspension of the account (a safety concern) holds; an admin lifts it here. */
  suspendedAt: Date | null;
}

export interface UserPage {
  users: UserListRow[];
  /** The `after` of the next page, or null on the last one. */
  nextAfter: number | null;
}

/** `%` and `_` typed into the search box are matched as themselves. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Newest first, keyset on id (ids only grow, so it is the sign-up order); one row more tells if a next page exists. */
export async function listUsers(actor: Actor | null | undefined, filters: UserFilters, limit = USERS_PAGE_SIZE): Promise<UserPage> {
  authorize(actor, "users.manage");
  const db = await getDb();
  const where: SQL[] = [];
  if (filters.q) {
    const pattern = containing(filters.q);
    where.push(or(ilike(users.email, pattern), ilike(users.displayName, pattern)) as SQL);
  }
  if (filters.role) where.push(eq(users.role, filters.role));
  if (filters.after !== undefined) where.push(lt(users.id, filters.after));
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      displayName: users.displayName,
      role: users.role,
      createdAt: users.createdAt,
      suspendedAt: users.suspendedAt,
    })
    .from(users)
    .where(and(...where))
    .orderBy(desc(users.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return { users: page, nextAfter: rows.length > limit ? (page.at(-1)?.id ?? null) : null };
}

export interface TeacherOption {
  id: number;
  label: string;
}

/** Who may be a course's teacher: users with the teacher role, plus `keepId` (a course's current teacher) whatever its role now. */
export async function listTeacherOptions(keepId?: number | null): Promise<TeacherOption[]> {
  const db = await getDb();
  const isTeacher = eq(users.role, "teacher");
  const rows = await db
    .select({ id: users.id, email: users.email, displayName: users.displayName })
    .from(users)
    .where(keepId ? or(isTeacher, eq(users.id, keepId)) : isTeacher)
    .orderBy(sql`coalesce(${users.displayName}, ${users.email})`);
  return rows.map((row) => ({ id: row.id, label: row.displayName ? `${row.displayName} (${row.email})` : row.email }));
}

/** The zone a user's pages show times in: a teacher's profile zone, else the account's; UTC when neither is known. */
export async function timezoneOfUser(userId: number): Promise<string> {
  const db = await getDb();
  const [row] = await db
    .select({ profile: teacherProfiles.timezone, account: users.timezone })
    .from(users)
    .leftJoin(teacherProfiles, eq(teacherProfiles.userId, users.id))
    .where(eq(users.id, userId));
  return row?.profile ?? row?.account ?? FALLBACK_TIMEZONE;
}
