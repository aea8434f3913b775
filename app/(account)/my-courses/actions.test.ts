import { randomUUID } from "node:crypto";

import type { SessionUser } from "@/lib/platform/auth/session-user";
import type { openTestDatabase } from "@/test/database";

jest.mock("next/headers", () => jest.requireActual("@/test/action-context").nextHeadersMock);
jest.mock("next-auth", () => jest.requireActual("@/test/action-context").nextAuthMock());

type Modules = {
  action: typeof import("./actions");
  accounts: typeof import("@/lib/accounts/accounts");
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
    testing: await import("@/test/database"),
    // After resetModules: the instance the mocks of next/headers and next-auth read.
    context: await import("@/test/action-context"),
  };
  database = await m.testing.openTestDatabase();
});
afterAll(async () => {
  await database.dispose();
  process.env.RATE_LIMITS = "off";
  m.context.actionContext.user = null;
});

async function newAccount(): Promise<SessionUser> {
  const email = `resend.${randomUUID().slice(0, 8)}@example.com`;
  return m.accounts.registerAccount({ displayName: "Resend Test", email, password: "correct-horse-1" });
}

describe("the resend verification email action (security issue: account squatting)", () => {
  it("needs a session", async () => {
    m.context.actionContext.user = null;
    expect(await m.action.resendVerificationEmailAction()).toEqual({ ok: false, message: "Please sign in first." });
  });

  it("sends up to 3 emails in 10 minutes per account, then refuses; another account still can", async () => {
    const user = await newAccount();
    m.context.actionContext.user = user;
    for (let i = 0; i < 3; i++) {
      expect(await m.action.resendVerificationEmailAction()).toEqual({
        ok: true,
        message: `We have sent a new verification email to ${user.email}.`,
      });
    }
    expect(await m.action.resendVerificationEmailAction()).toMatchObject({
      ok: false,
      message: expect.stringContaining("Too many verification emails have been sent."),
      retryAfterSeconds: expect.any(Number),
    });
    m.context.actionContext.user = await newAccount();
    expect(await m.action.resendVerificationEmailAction()).toMatchObject({ ok: true });
  });
});
