import { randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";

import { sql } from "drizzle-orm";

import type { SessionUser } from "@/lib/platform/auth/session-user";
import { registerAccount } from "@/lib/accounts/accounts";
import { adminAuth } from "@/lib/platform/auth/firebase-admin";
import { jsonRequest, openTestDatabase } from "@/test/database";
import { startThread } from "@/lib/messages/threads";
import { seatForParent } from "@/test/message-fixtures";

/**
 * Issue 6: every state-changing route handler refuses a cross-site request (lib/platform/http/request.ts's
 * assertSameOrigin) with a 403 and a JSON message, and changes nothing:
 * no row, no Firebase account, no email. The routes are found on disk, so a new POST, PUT, PATCH
 * or DELETE handler without a case here fails this test until someone decides what it needs.
 *
 * Server actions ("use server") are not route handlers: Next itself refuses a server action whose
 * Origin does not match the Host (serverActions.allowedOrigins is left empty), so they need no
 * check of ours; lib/platform/auth/server-actions.test.ts checks that each establishes its actor.
 */

// The session is read from the request's cookie through next-auth, which needs Next's request
// scope; here every handler sees the user of the case at hand, signed in.
const mockSession: { user: SessionUser | null } = { user: null };
jest.mock("next-auth", () => ({
  __esModule: true,
  ...jest.requireActual("next-auth"),
  getServerSession: jest.fn(async () =>
    mockSession.user ? { user: mockSession.user, expires: new Date(Date.now() + 3_600_000).toISOString() } : null,
  ),
}));

const APP_DIR = path.join(__dirname, "..");
const STATE_CHANGING_METHODS = ["POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof STATE_CHANGING_METHODS)[number];
type Handler = (request: Request) => Promise<Response> | Response;

/** Every route.ts under app/, as its URL path (route groups dropped). */
function routeFiles(dir = APP_DIR): Array<{ file: string; urlPath: string }> {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    if (!/^route\.(ts|tsx|js|mjs)$/.test(entry.name)) return [];
    const segments = path
      .relative(APP_DIR, path.dirname(full))
      .split(path.sep)
      .filter((segment) => !/^\(.*\)$/.test(segment));
    return [{ file: full, urlPath: `/${segments.join("/")}` }];
  });
}

const password = "origin-check-pass-1";
const newEmail = () => `origin.${randomUUID().slice(0, 8)}@example.com`;

interface OriginCase {
  method: Method;
  /** Signs a fresh account in when the route acts on the signed-in user. */
  signedIn: boolean;
  /** `email`: the case's own account; `freshEmail`: an address with no account yet. */
  body: (emails: { email: string; freshEmail: string }) => unknown;
  /** What the same request answers from our own origin: proof the refusal was the Origin's doing. */
  acceptedStatus: number;
}

/** One entry per state-changing handler: a request that would succeed from our own pages. */
const CASES: Record<string, OriginCase> = {
  "/api/book-free-demo": {
    method: "POST",
    signedIn: false,
    body: ({ email }) => ({
      name: "Cross Site",
      userEmail: email,
      number: "+1 555 201 3344",
      course: "not-sure",
      text: "Hi",
      type: "Group Classes",
      grade: 5,
    }),
    acceptedStatus: 201,
  },
  "/api/v1/logevent": {
    method: "POST",
    signedIn: false,
    body: ({ email }) => ({ eventName: "Cross Site", userId: email }),
    acceptedStatus: 201,
  },
  // Issue 28: a message to the signed-in family's own thread (made for its account below).
  "/api/messages": {
    method: "POST",
    signedIn: true,
    body: () => ({ threadId: ownThread.id, body: "Hello from our own page" }),
    acceptedStatus: 201,
  },
};

/** The signed-in account's own thread, for the /api/messages case: made once its account exists (before each test, after the case's beforeAll). */
const ownThread = { id: "", forUser: 0 };
beforeEach(async () => {
  const user = mockSession.user;
  if (!user || ownThread.forUser === user.databaseId) return;
  const { bookingId } = await seatForParent(database.db, user.databaseId);
  ownThread.id = (
    await startThread({ id: user.databaseId, email: user.email, role: user.role }, { bookingId, body: "First question" })
  ).threadId;
  ownThread.forUser = user.databaseId;
});

/**
 * Handlers that change state but are protected otherwise, with the reason. next-auth's POST
 * routes (sign-in, sign-out, session update) refuse a request without the CSRF token from its
 * own cookie, which another site cannot read: e2e/security-headers.spec.ts checks a cross-site
 * sign-in against the real server.
 */
const PROTECTED_ELSEWHERE: Record<string, string> = {
  "/api/auth/[...nextauth]": "next-auth's double-submit CSRF token",
  // Stripe calls it server to server, with no Origin: its signature is the check (route.test.ts there).
  "/api/webhooks/stripe": "Stripe's signature, checked by stripe.webhooks.constructEvent",
  // The live classroom: assertSameOrigin is their first step (checked below); a success needs a live media server (lib/classroom/live-room.test.ts).
  "/api/classroom/[section]/chat": "assertSameOrigin before anything else (the classroom case below)",
  "/api/classroom/[section]/control": "assertSameOrigin before anything else (the classroom case below)",
  "/api/classroom/[section]/heartbeat": "assertSameOrigin before anything else (the classroom case below)",
  "/api/classroom/media/[[...path]]": "assertSameOrigin before anything else (the classroom case below)",
  "/api/unsubscribe/[token]":
    "RFC 8058 one-click unsubscribe is posted cross-site by mail providers; the unguessable per-address token is the credential, and it can only stop non-essential email",
};

/** What a page on another site, or a look-alike, sends. */
const FOREIGN: Array<[string, Record<string, string>]> = [
  ["another site", { origin: "https://evil.example" }],
  ["an opaque origin (sandboxed frame, data: URL)", { origin: "null" }],
  ["a look-alike host", { origin: "http://localhost:3000.evil.example" }],
  ["another port of this host", { origin: "http://localhost:3001" }],
  ["our host over another scheme", { origin: "https://localhost:3000" }],
  ["no Origin, but the browser says cross-site", { origin: "", "sec-fetch-site": "cross-site" }],
];

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());

/** Every row of every table of the app, as one comparable value. */
async function databaseState(): Promise<Record<string, string>> {
  const { rows } = (await database.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as unknown as { rows: Array<{ table_name: string }> };
  const state: Record<string, string> = {};
  for (const { table_name: table } of rows) {
    const result = (await database.db.execute(
      sql.raw(`select count(*)::int as n, md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as digest from "${table}" t`),
    )) as unknown as {
      rows: Array<{ n: number; digest: string }>;
    };
    state[table] = `${result.rows[0]?.n}:${result.rows[0]?.digest}`;
  }
  return state;
}

/**
 * The Firebase accounts of these addresses and the emails the Auth Emulator would have sent them
 * (only theirs: other test files share the emulator and make accounts of their own meanwhile).
 */
async function identityState(emails: string[]) {
  const { users } = await adminAuth().getUsers(emails.map((email) => ({ email })));
  const accounts = users
    .map((u) => ({
      uid: u.uid,
      email: u.email,
      displayName: u.displayName,
      passwordHash: u.passwordHash,
      claims: u.customClaims,
      validAfter: u.tokensValidAfterTime,
    }))
    .sort((a, b) => a.uid.localeCompare(b.uid));
  const emulator = `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST}/emulator/v1/projects/${process.env.FIREBASE_PROJECT_ID}/oobCodes`;
  const { oobCodes = [] } = (await (await fetch(emulator)).json()) as { oobCodes?: Array<{ email?: string }> };
  return { accounts, sentEmails: oobCodes.filter((code) => code.email !== undefined && emails.includes(code.email)).length };
}

const routes = routeFiles();

describe("Origin checks on every state-changing route (issue 6)", () => {
  it("finds the route handlers on disk", () => {
    expect(routes.map((r) => r.urlPath)).toEqual(
      expect.arrayContaining(["/api/book-free-demo", "/api/v1/logevent", "/api/auth/[...nextauth]"]),
    );
  });

  it("has a case, or a stated reason, for every state-changing handler, and none for a handler that is gone", async () => {
    const found: string[] = [];
    for (const { file, urlPath } of routes) {
      const exports = (await import(file)) as Partial<Record<Method, Handler>>;
      for (const method of STATE_CHANGING_METHODS) {
        if (typeof exports[method] !== "function") continue;
        found.push(urlPath);
        const covered = CASES[urlPath]?.method === method || urlPath in PROTECTED_ELSEWHERE;
        expect({ route: `${method} ${urlPath}`, covered }).toEqual({ route: `${method} ${urlPath}`, covered: true });
      }
    }
    expect(Object.keys(CASES).filter((urlPath) => !found.includes(urlPath))).toEqual([]);
    expect(Object.keys(PROTECTED_ELSEWHERE).filter((urlPath) => !found.includes(urlPath))).toEqual([]);
  });

  it.each(Object.keys(PROTECTED_ELSEWHERE).filter((urlPath) => urlPath.startsWith("/api/classroom/")))(
    "%s refuses another site's POST before it reads the session or the class",
    async (urlPath) => {
      const route = routes.find((r) => r.urlPath === urlPath)!;
      const { POST } = (await import(route.file)) as { POST: (request: Request, context: unknown) => Promise<Response> };
      const request = new Request(`http://localhost:3000${urlPath}`, {
        method: "POST",
        headers: { origin: "https://evil.example", "content-type": "application/json" },
        body: JSON.stringify({ action: "end" }),
      });
      const response = await POST(request, { params: Promise.resolve({ section: "1", path: ["janus"] }) });
      expect(response.status).toBe(403);
    },
  );

  describe.each(Object.entries(CASES))("%s", (urlPath, originCase) => {
    let handler: Handler;
    const emails = { email: newEmail(), freshEmail: newEmail() };
    const state = async () => ({ database: await databaseState(), identity: await identityState([emails.email, emails.freshEmail]) });

    beforeAll(async () => {
      const route = routes.find((r) => r.urlPath === urlPath);
      if (!route) throw new Error(`no route file for ${urlPath}`);
      const exported = ((await import(route.file)) as Partial<Record<Method, Handler>>)[originCase.method];
      if (!exported) throw new Error(`${urlPath} exports no ${originCase.method}`);
      handler = exported;
      // A real account, so that without the check each request would do its work.
      const account = await registerAccount({ displayName: "Origin Parent", email: emails.email, password });
      mockSession.user = originCase.signedIn ? account : null;
    });
    afterAll(() => {
      mockSession.user = null;
    });

    /** The request as our own pages send it (test/database.ts's jsonRequest), with these headers over it. */
    const send = (headers: Record<string, string>) => {
      const request = jsonRequest(urlPath, originCase.body(emails), { headers });
      const sent = Object.fromEntries(request.headers);
      if (headers.origin === "") delete sent.origin;
      return handler(new Request(request.url, { method: originCase.method, headers: sent, body: JSON.stringify(originCase.body(emails)) }));
    };

    it.each(FOREIGN)("refuses %s with 403 and a JSON message, changing nothing", async (_from, headers) => {
      const before = await state();
      const response = await send(headers);
      expect(response.status).toBe(403);
      expect(response.headers.get("content-type")).toMatch(/^application\/json/);
      expect(await response.json()).toEqual({ ok: false, message: "Cross-site requests are not allowed." });
      expect(await state()).toEqual(before);
    });

    it("does the work when the same request comes from our own pages", async () => {
      const before = await state();
      const response = await send({});
      expect(response.status).toBe(originCase.acceptedStatus);
      expect(await state()).not.toEqual(before);
    });
  });
});
