import "server-only";

import { count } from "drizzle-orm";

import { startingCatalogue } from "@/lib/courses/catalogue";
import type { Database } from "@/lib/db/client";
import { courses } from "@/lib/db/schema";

/** Seeds the course catalogue into an empty database; a catalogue the team has edited is left alone. */
export async function seedCatalogue(db: Database): Promise<void> {
  const [row] = await db.select({ n: count() }).from(courses);
  if ((row?.n ?? 0) > 0) return;
  await db.insert(courses).values(startingCatalogue).onConflictDoNothing({ target: courses.slug });
}
