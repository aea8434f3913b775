import { AsyncLocalStorage } from "node:async_hooks";

/**
 * PGlite, the embedded default, has one connection: a query on the root handle (`getDb()`) made
 * while the same request's transaction is open waits for that transaction, which waits for the
 * query, and `npm start` hangs. PostgreSQL's pool gives such a query another connection, so the
 * mistake passes there unseen (and escapes the transaction's locks). Under Jest both engines refuse
 * it at once, so the suite on PostgreSQL catches what only the embedded default would show
 * (README "Testing": each engine where it matters). Work started inside a transaction that queries
 * after the transaction has ended is not refused. Exported only for the test harness, which stages
 * a second request on purpose (test/another-request.ts).
 */
export const transactionInProgress = new AsyncLocalStorage<{ open: boolean }>();

export class QueryOutsideTransactionError extends Error {
  constructor(entry: string) {
    super(
      `A query on the root database handle (${entry}) while a transaction of the same call is open: ` +
        "pass the transaction (`tx`) down instead. On PGlite (the embedded default) this query would wait forever.",
    );
    this.name = "QueryOutsideTransactionError";
  }
}

type Method = (...args: never[]) => unknown;

/** Refuses, inside a transaction's callback, calls of the driver's root entry points (`pool.query`, `pool.connect`; PGlite's `query`, `exec`, `transaction`). */
export function refuseQueriesOutsideTransactions(db: { transaction: Method }, driver: object, entryPoints: readonly string[]): void {
  const target = driver as Record<string, Method>;
  for (const name of entryPoints) {
    const original = target[name]!.bind(driver);
    target[name] = ((...args: never[]) => {
      if (transactionInProgress.getStore()?.open) throw new QueryOutsideTransactionError(name);
      return original(...args);
    }) as Method;
  }
  const transaction = db.transaction.bind(db) as (callback: (tx: unknown) => Promise<unknown>, config?: unknown) => Promise<unknown>;
  db.transaction = ((callback: (tx: unknown) => Promise<unknown>, config?: unknown) => {
    const state = { open: true };
    return transaction((tx) => transactionInProgress.run(state, () => callback(tx)), config).finally(() => {
      state.open = false;
    });
  }) as Method;
}
