import { defineConfig } from "drizzle-kit";

// Migrations are generated here and applied by the app at start (lib/platform/db/migrate.ts),
// to PGlite and PostgreSQL alike.
export default defineConfig({
  dialect: "postgresql",
  schema: "./lib/platform/db/schema/index.ts",
  out: "./lib/platform/db/migrations",
  casing: "snake_case",
});
