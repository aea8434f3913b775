import { sql } from "drizzle-orm";

import { QueryOutsideTransactionError } from "@/lib/platform/db/outside-transaction";
import { openTestDatabase } from "@/test/database";

/**
 * A query on the root handle inside a transaction hangs PGlite (one connection); under Jest it is
 * refused at once on both engines, so the PostgreSQL run catches it too.
 */
let opened: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  opened = await openTestDatabase();
});
afterAll(() => opened.dispose());

const one = async (handle: { execute: (query: ReturnType<typeof sql>) => Promise<unknown> }) => {
  const result = (await handle.execute(sql`select 1 as one`)) as { rows?: unknown[] } | unknown[];
  return (Array.isArray(result) ? result : result.rows)?.length;
};

test("a query on the root handle inside a transaction is refused, naming the fix", async () => {
  const { db } = opened;
  // Drizzle wraps a driver's failure in its "Failed query" error, with ours as the cause.
  const refused = await db.transaction(async () => one(db)).catch((error: unknown) => error as Error);
  expect(refused).toBeInstanceOf(Error);
  const cause = (refused as Error).cause ?? refused;
  expect(cause).toBeInstanceOf(QueryOutsideTransactionError);
  expect((cause as Error).message).toMatch(/pass the transaction \(`tx`\)/);
});

test("a second root transaction opened inside a transaction is refused", async () => {
  const { db } = opened;
  await expect(db.transaction(async () => db.transaction(async (inner) => one(inner)))).rejects.toThrow(QueryOutsideTransactionError);
});

test("queries through the transaction, its savepoints, and root queries after it ends all pass", async () => {
  const { db } = opened;
  let later: Promise<number | undefined> | undefined;
  const inside = await db.transaction(async (tx) => {
    const nested = await tx.transaction(async (savepoint) => one(savepoint));
    // Work started here that queries once the transaction has ended is not refused.
    later = new Promise((resolve) => setTimeout(resolve, 50)).then(() => one(db));
    return (await one(tx))! + nested!;
  });
  expect(inside).toBe(2);
  await expect(later).resolves.toBe(1);
});

test("transactions side by side are each their own (the concurrency tests' shape)", async () => {
  const { db } = opened;
  const results = await Promise.all([1, 2, 3].map(() => db.transaction(async (tx) => one(tx))));
  expect(results).toEqual([1, 1, 1]);
  await expect(one(db)).resolves.toBe(1);
});
