import "server-only";

import { eq } from "drizzle-orm";

import { FALLBACK_TIMEZONE } from "@/lib/platform/constants";
import { getDb } from "@/lib/platform/db/client";
import { teacherProfiles, users } from "@/lib/platform/db/schema";

/** The zone a teacher's hours and sessions are read in: their profile's, else their account's. */
export async function teacherTimezone(userId: number): Promise<string> {
  const db = await getDb();
  const [row] = await db
    .select({ profile: teacherProfiles.timezone, account: users.timezone })
    .from(users)
    .leftJoin(teacherProfiles, eq(teacherProfiles.userId, users.id))
    .where(eq(users.id, userId));
  return row?.profile ?? row?.account ?? FALLBACK_TIMEZONE;
}
