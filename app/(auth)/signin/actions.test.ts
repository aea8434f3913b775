import { randomUUID } from "node:crypto";

import type { openTestDatabase } from "@/test/database";

jest.mock("next/headers", () => jest.requireActual("@/test/action-context").nextHeadersMock);
jest.mock("next-auth", () => jest.requireActual("@/test/action-context").nextAuthMock());

/*
 * 'Forgot password?' (SPEC 7, issue 31 item 2): the same answer for every address, the product's own
 * reset email queued only for an account (its rendering: lib/reactions/account-mail.test.ts), limited.
 */
type Modules = {
  action: typeof import("./actions");
  accounts: typeof import("@/lib/accounts/accounts");
  schema: typeof import("@/lib/platform/auth/schema");
  db: typeof import("@/lib/platform/db/schema");
  events: typeof import("@/test/events");
  testing: typeof import("@/test/database");
  context: typeof import("@/test/action-context");
};
let m: Modules;
let database: Awaited<ReturnType<typeof openTestDatabase>>;

beforeAll(async () => {
  // lib/platform/env.ts reads the environment once, at import (jest-env.ts turns the limits off for other tests).
  process.env.RATE_LIMITS = "on";
  jest.resetModules();
  m = {
    action: await import("./actions"),
    accounts: await import("@/lib/accounts/accounts"),
    schema: await import("@/lib/platform/auth/schema"),
    db: await import("@/lib/platform/db/schema"),
    events: await import("@/test/events"),
    testing: await import("@/test/database"),
    context: await import("@/test/action-context"),
  };
  database = await m.testing.openTestDatabase();
});
afterAll(async () => {
  await database.dispose();
  process.env.RATE_LIMITS = "off";
});

const password = "correct-horse-battery";
const newEmail = (name: string) => `${name}.${randomUUID().slice(0, 8)}@example.com`;

/** The reset emails queued for an account (rendered with their link only when sent). */
async function resetEmailsQueued(userId: number) {
  await m.events.deliverEvents(database.db);
  const rows = await database.db.select({ key: m.db.outbox.dedupeKey }).from(m.db.outbox);
  return rows.filter((row) => row.key.startsWith(`email:account:${userId}:reset:`));
}

describe("the password reset action", () => {
  it("answers an unknown email exactly as a known one, and queues an email only for the known one", async () => {
    const known = await m.accounts.registerAccount({ displayName: "Kim", email: newEmail("known"), password });
    const unknown = newEmail("nobody");
    m.context.actingFrom("198.51.100.7", null);
    const before = (await database.db.select().from(m.db.outbox)).length;
    const answers = [
      await m.action.requestPasswordResetAction({ email: known.email }),
      await m.action.requestPasswordResetAction({ email: unknown }),
    ];
    expect(answers).toEqual([
      { ok: true, message: m.schema.RESET_SENT_MESSAGE },
      { ok: true, message: m.schema.RESET_SENT_MESSAGE },
    ]);
    expect(await resetEmailsQueued(known.databaseId)).toHaveLength(1);
    const added = (await database.db.select({ payload: m.db.outbox.payload }).from(m.db.outbox)).slice(before);
    // The unknown address's request is handed over and ends there: no email row names it.
    expect(added.filter((row) => JSON.stringify(row.payload).includes(unknown)).length).toBeGreaterThan(0);
    expect(added.filter((row) => JSON.stringify(row.payload).includes('"kind"'))).toHaveLength(1);
  });

  it("is limited per mailbox: the fourth request in ten minutes, from anywhere, is refused and queues nothing", async () => {
    const user = await m.accounts.registerAccount({ displayName: "Lee", email: newEmail("limited"), password });
    const answers = [];
    for (const address of ["198.51.100.21", "198.51.100.22", "198.51.100.23", "198.51.100.24"]) {
      m.context.actingFrom(address, null);
      answers.push(await m.action.requestPasswordResetAction({ email: user.email }));
    }
    expect(answers.map((a) => a.ok)).toEqual([true, true, true, false]);
    expect(answers[3]).toMatchObject({ message: expect.stringContaining("Too many reset emails have been sent to this address.") });
    expect(await resetEmailsQueued(user.databaseId)).toHaveLength(3);
  });
});
