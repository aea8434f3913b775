import { sql } from "drizzle-orm";

import { openTestDatabase } from "@/test/database";

/**
 * The database's clock and the code's agree, on every engine and leg: column defaults and queries
 * use the server's now(), the domain uses Date.now(). CI's clock legs move both (faketime on Jest and
 * on a throwaway PostgreSQL server: scripts/throwaway-postgres.mjs); a leg that moved only Jest's
 * clock would store rows days away from the instants the code compares them with.
 */
let opened: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  opened = await openTestDatabase();
});
afterAll(() => opened.dispose());

test("the database's now() is the code's Date.now(), within a minute", async () => {
  const before = Date.now();
  const result = (await opened.db.execute(sql`select extract(epoch from now()) * 1000 as at`)) as
    { rows: Array<{ at: string | number }> } | Array<{ at: string | number }>;
  const after = Date.now();
  const at = Number((Array.isArray(result) ? result : result.rows)[0]!.at);
  expect(at).toBeGreaterThan(before - 60_000);
  expect(at).toBeLessThan(after + 60_000);
});
