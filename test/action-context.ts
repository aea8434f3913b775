import type { SessionUser } from "@/lib/platform/auth/session-user";

import { openTestDatabase } from "./database";

/**
 * What a server action sees of its request in Jest, where Next's request scope does not exist: the
 * headers and cookies next/headers answers, and the session next-auth's getServerSession answers.
 * A test file mocks both at that boundary and sets these per case:
 *
 *   jest.mock("next/headers", () => jest.requireActual("@/test/action-context").nextHeadersMock);
 *   jest.mock("next-auth", () => jest.requireActual("@/test/action-context").nextAuthMock());
 */
export const actionContext: { headers: Record<string, string>; cookies: Record<string, string>; user: SessionUser | null } = {
  headers: {},
  cookies: {},
  user: null,
};

/** The session of a signed-in account (verified email): the user row's id and role, its email if the test reads it. */
export function sessionUserFor(databaseId: number, role: SessionUser["role"], email = `${role}-${databaseId}@example.com`): SessionUser {
  return { id: `uid-${databaseId}`, name: null, email, displayName: null, photoURL: null, role, databaseId, emailVerified: true };
}

/** Acts as that account from the next call on (actionContext.user). */
export function signedInAs(databaseId: number, role: SessionUser["role"], email?: string): void {
  actionContext.user = sessionUserFor(databaseId, role, email);
}

/** The visitor's address, as the proxy in front would forward it (lib/platform/http/client-ip.ts). */
export function actingFrom(address: string, user: SessionUser | null = actionContext.user) {
  actionContext.headers = { "x-forwarded-for": address };
  actionContext.user = user;
}

export const nextHeadersMock = {
  headers: async () => new Headers({ host: "localhost:3000", origin: "http://localhost:3000", ...actionContext.headers }),
  cookies: async () => {
    const all = () => Object.entries(actionContext.cookies).map(([name, value]) => ({ name, value }));
    return {
      getAll: all,
      get: (name: string) => all().find((c) => c.name === name),
      has: (name: string) => name in actionContext.cookies,
      set: (name: string, value: string) => void (actionContext.cookies[name] = value),
      delete: (name: string) => void delete actionContext.cookies[name],
    };
  },
};

export function nextAuthMock() {
  return {
    __esModule: true,
    ...jest.requireActual("next-auth"),
    getServerSession: jest.fn(async () =>
      actionContext.user ? { user: actionContext.user, expires: new Date(Date.now() + 3_600_000).toISOString() } : null,
    ),
  };
}

/** A database per test file for tests that act as a user; the acting user is forgotten after the file. */
export function actionTestDatabase() {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    actionContext.user = null;
    await database.dispose();
  });
  return () => database.db;
}
