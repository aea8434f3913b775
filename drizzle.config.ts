import { defineConfig } from "drizzle-kit";

// Migrations are generated here and applied by the app at start (lib/db/migrate.ts),
// to PGlite and PostgreSQL alike.
export default defineConfig({
  dialect: "postgresql",
  schema: "./lib/db/schema.ts",
  out: "./lib/db/migrations",
  casing: "snake_case",
});
