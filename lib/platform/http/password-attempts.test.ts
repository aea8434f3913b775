import { randomUUID } from "node:crypto";

import { eq, sql } from "drizzle-orm";
import { NextRequest } from "next/server";

import type { openTestDatabase } from "@/test/database";

/**
 * Issue 4: no limit on password guessing. Wrong passwords at sign-in (next-auth's real route
 * handler) and at the re-authentication of a password change or an account deletion (their
 * server actions) count per address and per account; past either limit even the right password is
 * refused with "Too many sign-in attempts. Please try again in N minutes."; successes do not count.
 */
jest.mock("next/headers", () => jest.requireActual("@/test/action-context").nextHeadersMock);
jest.mock("next-auth", () => jest.requireActual("@/test/action-context").nextAuthMock());

type Modules = {
  context: typeof import("@/test/action-context");
  accounts: typeof import("@/lib/accounts/accounts");
  signIn: typeof import("@/lib/platform/auth/sign-in");
  schema: typeof import("@/lib/platform/db/schema");
  route: typeof import("@/app/api/auth/[...nextauth]/route");
  options: typeof import("@/lib/platform/auth/options");
  passwordAction: typeof import("@/app/(account)/user/edit-password/actions");
  deleteAction: typeof import("@/app/(account)/deleteaccount/actions");
};
let m: Modules;
let database: Awaited<ReturnType<typeof openTestDatabase>>;

beforeAll(async () => {
  // lib/platform/env.ts reads the environment once, at import (jest-env.ts turns the limits off for other tests).
  process.env.RATE_LIMITS = "on";
  process.env.NEXTAUTH_URL = "http://localhost:3000";
  jest.resetModules();
  m = {
    context: await import("@/test/action-context"),
    accounts: await import("@/lib/accounts/accounts"),
    signIn: await import("@/lib/platform/auth/sign-in"),
    schema: await import("@/lib/platform/db/schema"),
    route: await import("@/app/api/auth/[...nextauth]/route"),
    options: await import("@/lib/platform/auth/options"),
    passwordAction: await import("@/app/(account)/user/edit-password/actions"),
    deleteAction: await import("@/app/(account)/deleteaccount/actions"),
  };
  database = await (await import("@/test/database")).openTestDatabase();
});
afterAll(async () => {
  await database.dispose();
  process.env.RATE_LIMITS = "off";
  delete process.env.NEXTAUTH_URL;
});
// Waiting out a window's last minute can take up to 60 s: the hook's time allows it (the default 30 s
// failed whenever a test began in the last half-minute of a 15-minute window).
const WINDOW_NEED_MS = 60_000;
beforeEach(async () => {
  await database.db.execute(sql`delete from rate_limits`);
  await startWellInsideWindow(15 * 60, WINDOW_NEED_MS);
}, WINDOW_NEED_MS + 30_000);

/** The limits count in fixed windows of the wall clock: a test waits out a window's last minute, so its attempts share one window. */
async function startWellInsideWindow(windowSeconds: number, needMs: number) {
  const windowMs = windowSeconds * 1000;
  const left = windowMs - (Date.now() % windowMs);
  if (left < needMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

const PASSWORD = "right-password-1";
const TOO_MANY = /^Too many sign-in attempts\. Please try again in \d+ minutes?\.$/;
const WRONG = "Invalid Email or Password. Try again or signUp now";
const NOT_FOUND = "User not found. Try again or signUp now.";
const nobody = () => `nobody.${randomUUID().slice(0, 8)}@example.com`;

async function newAccount() {
  const email = `guess.${randomUUID().slice(0, 8)}@example.com`;
  const user = await m.accounts.registerAccount({ displayName: "Guess Target", email, password: PASSWORD });
  return { email, user };
}

const params = (...nextauth: string[]) => ({ params: Promise.resolve({ nextauth }) });

/**
 * A sign-in as the form makes it (next-auth/react's signIn with redirect: false): the CSRF token,
 * then the credentials callback, through the real route handler. Answers signIn()'s `error`: the
 * message the form shows, or null when signed in.
 */
async function signInThroughRoute(email: string, password: string, address: string): Promise<string | null> {
  m.context.actingFrom(address, null);
  m.context.actionContext.cookies = {};
  const csrf = await m.route.GET(new NextRequest("http://localhost:3000/api/auth/csrf"), params("csrf"));
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  m.context.actionContext.cookies = Object.fromEntries(
    (csrf.headers as Headers).getSetCookie().map((cookie) => {
      const [name = "", value = ""] = cookie.split(";")[0]!.split("=");
      return [name, decodeURIComponent(value)];
    }),
  );
  const body = new URLSearchParams({ email, password, csrfToken, callbackUrl: "http://localhost:3000/", json: "true" });
  const answer = await m.route.POST(
    new NextRequest("http://localhost:3000/api/auth/callback/credentials", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body,
    }),
    params("callback", "credentials"),
  );
  const { url } = (await answer.json()) as { url: string };
  return new URL(url).searchParams.get("error");
}

describe("sign-in (next-auth's credentials route)", () => {
  it("refuses an address after 10 failed sign-ins in 15 minutes, even with the right password; another address signs in", async () => {
    const { email } = await newAccount();
    for (let i = 0; i < 10; i += 1) expect(await signInThroughRoute(nobody(), PASSWORD, "203.0.113.10")).toBe(NOT_FOUND);
    expect(await signInThroughRoute(email, PASSWORD, "203.0.113.10")).toMatch(TOO_MANY);
    expect(await signInThroughRoute(email, PASSWORD, "203.0.113.11")).toBeNull();
  });

  it("refuses an account after 5 wrong passwords from any addresses, even with the right one; other accounts sign in from there", async () => {
    const target = await newAccount();
    const other = await newAccount();
    for (let i = 0; i < 5; i += 1) expect(await signInThroughRoute(target.email, "guess-" + i, `198.51.100.${10 + i}`)).toBe(WRONG);
    expect(await signInThroughRoute(target.email.toUpperCase(), PASSWORD, "198.51.100.50")).toMatch(TOO_MANY);
    expect(await signInThroughRoute(other.email, PASSWORD, "198.51.100.50")).toBeNull();
    // The counters keep no email address.
    const keys = (await database.db.select({ key: m.schema.rateLimits.key }).from(m.schema.rateLimits)).map((row) => row.key);
    expect(keys.some((key) => key.includes("@"))).toBe(false);
  });

  it("counts failures only: others' successes behind the same address, and the owner's own, take nothing from the budget", async () => {
    const neighbour = await newAccount();
    const owner = await newAccount();
    const address = "203.0.113.20";
    for (let i = 0; i < 4; i += 1) expect(await signInThroughRoute(owner.email, "typo-" + i, address)).toBe(WRONG);
    for (let i = 0; i < 5; i += 1) expect(await signInThroughRoute(nobody(), PASSWORD, address)).toBe(NOT_FOUND);
    // 12 sign-ins that succeed: were they counted, the address (10) and the owner (5) would be refused below.
    for (let i = 0; i < 10; i += 1) expect(await signInThroughRoute(neighbour.email, PASSWORD, address)).toBeNull();
    for (let i = 0; i < 2; i += 1) expect(await signInThroughRoute(owner.email, PASSWORD, address)).toBeNull();
    // The owner's 5th failure and the address's 10th are still answered as themselves; then both are full.
    expect(await signInThroughRoute(owner.email, "typo-5", address)).toBe(WRONG);
    expect(await signInThroughRoute(owner.email, PASSWORD, "203.0.113.21")).toMatch(TOO_MANY);
    expect(await signInThroughRoute(neighbour.email, PASSWORD, address)).toMatch(TOO_MANY);
  });

  it("refuses every credentials sign-in when the options are used without the limits (fail closed)", async () => {
    const { email } = await newAccount();
    const provider = m.options.authOptions.providers[0] as unknown as {
      options: { authorize(credentials: unknown, req: unknown): Promise<unknown> };
    };
    const spy = jest.spyOn(console, "error").mockImplementation(() => undefined);
    await expect(provider.options.authorize({ email, password: PASSWORD }, { headers: {} })).rejects.toThrow(
      "Something went wrong. Please try again",
    );
    spy.mockRestore();
  });
});

describe("re-authentication: the password change and deletion actions", () => {
  it("refuses the password change after 5 wrong current passwords, even with the right one, and changes nothing", async () => {
    const { email, user } = await newAccount();
    const change = (currentPassword: string) => {
      m.context.actingFrom("203.0.113.30", user);
      return m.passwordAction.changePasswordAction({ currentPassword, newPassword: "taken-over-2", confirmPassword: "taken-over-2" });
    };
    for (let i = 0; i < 5; i += 1) expect(await change("guess-" + i)).toEqual({ ok: false, message: WRONG });
    const refused = await change(PASSWORD);
    expect(refused).toEqual({ ok: false, message: expect.stringMatching(TOO_MANY), retryAfterSeconds: expect.any(Number) });
    expect(refused.ok === false && refused.retryAfterSeconds).toBeGreaterThan(0);
    await expect(m.signIn.signInWithEmailPassword(email, PASSWORD)).resolves.toMatchObject({ email });
    // One budget per account: sign-in is refused too, from anywhere.
    expect(await signInThroughRoute(email, PASSWORD, "203.0.113.31")).toMatch(TOO_MANY);
  });

  it("refuses the deletion after 5 wrong passwords, even with the right one, and deletes nothing", async () => {
    const { email, user } = await newAccount();
    const remove = (password: string) => {
      m.context.actingFrom("203.0.113.40", user);
      return m.deleteAction.deleteAccountAction({ password });
    };
    for (let i = 0; i < 5; i += 1) expect(await remove("guess-" + i)).toEqual({ ok: false, message: WRONG });
    expect(await remove(PASSWORD)).toMatchObject({ ok: false, message: expect.stringMatching(TOO_MANY) });
    expect(await database.db.select().from(m.schema.users).where(eq(m.schema.users.email, email))).toHaveLength(1);
  });

  it("a successful change does not count, and a signed-out caller is refused before anything is counted", async () => {
    const { user } = await newAccount();
    m.context.actingFrom("203.0.113.50", null);
    expect(await m.deleteAction.deleteAccountAction({ password: PASSWORD })).toEqual({ ok: false, message: "Please sign in first." });
    m.context.actingFrom("203.0.113.50", user);
    const changed = await m.passwordAction.changePasswordAction({
      currentPassword: PASSWORD,
      newPassword: "next-pass-22",
      confirmPassword: "next-pass-22",
    });
    expect(changed).toEqual({ ok: true, message: "Your password has been changed." });
    const counts = await database.db.select({ key: m.schema.rateLimits.key, count: m.schema.rateLimits.count }).from(m.schema.rateLimits);
    expect(counts.every((row) => row.count === 0)).toBe(true);
  });
});
