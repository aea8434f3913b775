import { customType, timestamp } from "drizzle-orm/pg-core";

/** Columns are camelCase here and snake_case in the database (casing: "snake_case"). */
export const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
};

/** PostgreSQL's tsvector (full-text search, issue 29); PGlite runs it too. */
export const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });
