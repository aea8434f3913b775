import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import type { openTestDatabase } from "@/test/database";

/**
 * A child's session (lib/platform/auth/learner-cookie.ts) can never buy, top up, change settings or
 * see the family's or another family's data: every server action of the account pages and every
 * grown-up's route answers a refusal, even when the parent's own session is in the same browser
 * (a shared family computer). The actions are found by reading the folders, so a new one is checked too.
 */
jest.mock("next/headers", () => jest.requireActual("@/test/action-context").nextHeadersMock);
jest.mock("next-auth", () => jest.requireActual("@/test/action-context").nextAuthMock());
jest.mock("next/cache", () => ({ revalidatePath: jest.fn(), revalidateTag: jest.fn(), updateTag: jest.fn() }));

const root = path.resolve(__dirname, "..");

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.tsx?$/.test(entry.name) && !entry.name.includes(".test.")) yield full;
  }
}

/** The grown-ups' actions: every "use server" file of the account pages, and the header's. */
const ACTION_FILES = [...sourceFiles(path.join(root, "app", "(account)")), path.join(root, "app", "header-actions.ts")].filter((file) =>
  /^\s*["']use server["']/.test(readFileSync(file, "utf8")),
);

type Context = typeof import("@/test/action-context");
let context: Context;
let database: Awaited<ReturnType<typeof openTestDatabase>>;
let LEARNER_REFUSED: string;

beforeAll(async () => {
  context = await import("@/test/action-context");
  const { openTestDatabase } = await import("@/test/database");
  database = await openTestDatabase();
  const { newFamily } = await import("@/test/commerce-fixtures");
  const { sessionOf } = await import("@/test/message-fixtures");
  const { users } = await import("@/lib/platform/db/schema");
  const { eq } = await import("drizzle-orm");
  const cookie = await import("@/lib/platform/auth/learner-cookie");
  LEARNER_REFUSED = cookie.LEARNER_REFUSED;
  const family = await newFamily(database.db, 10_000);
  const [parent] = await database.db.select().from(users).where(eq(users.id, family.parentId));
  // The parent is signed in on this browser too; the child's cookie is beside it.
  context.actionContext.user = sessionOf({ id: family.parentId, email: parent!.email, role: "student" });
  context.actionContext.cookies = { [cookie.LEARNER_COOKIE]: cookie.encodeLearnerCookie({ learnerId: family.learnerId, version: 1 }) };
});
afterAll(async () => {
  context.actionContext.user = null;
  context.actionContext.cookies = {};
  await database.dispose();
});

describe("a child's session on the grown-ups' actions", () => {
  it("finds the account pages' actions (the check below is not vacuous)", () => {
    expect(ACTION_FILES.length).toBeGreaterThanOrEqual(14);
  });

  it.each(ACTION_FILES.map((file) => [path.relative(root, file), file]))("%s: every action refuses the child", async (_name, file) => {
    const actions = (await import(file)) as Record<string, (...args: unknown[]) => Promise<unknown>>;
    const names = Object.keys(actions).filter((name) => typeof actions[name] === "function");
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) {
      const formData = new FormData();
      formData.set("sectionId", "1");
      formData.set("learnerId", "1");
      // Each action's own argument shapes differ; whatever they are, nothing is read before the refusal.
      const answer = await actions[name]!(null, formData).catch((error: unknown) => error);
      const refused =
        answer === null || // the header's cart count: nothing for a child
        (typeof answer === "object" &&
          answer !== null &&
          "ok" in answer &&
          answer.ok === false &&
          "message" in answer &&
          answer.message === LEARNER_REFUSED);
      expect({ action: name, answer: refused ? "refused" : answer }).toEqual({ action: name, answer: "refused" });
    }
  });
});

describe("a child's session on the grown-ups' routes", () => {
  const threadId = "00000000-0000-4000-8000-000000000000";
  const routes: Array<[string, () => Promise<Response>]> = [
    [
      "POST /api/messages",
      async () =>
        (await import("@/app/api/messages/route")).POST(
          new Request("http://localhost:3000/api/messages", {
            method: "POST",
            headers: { "content-type": "application/json", origin: "http://localhost:3000" },
            body: JSON.stringify({ threadId, body: "hi" }),
          }),
        ),
    ],
    [
      "GET /api/messages/threads/[id]",
      async () =>
        (await import("@/app/api/messages/threads/[id]/route")).GET(new Request(`http://localhost:3000/api/messages/threads/${threadId}`), {
          params: Promise.resolve({ id: threadId }),
        }),
    ],
    [
      "GET /api/privacy/accounts/[id]/export",
      async () =>
        (await import("@/app/api/privacy/accounts/[id]/export/route")).GET(
          new Request("http://localhost:3000/api/privacy/accounts/1/export"),
          {
            params: Promise.resolve({ id: "1" }),
          },
        ),
    ],
    [
      "GET /api/earnings/statement",
      async () => (await import("@/app/api/earnings/statement/route")).GET(new Request("http://localhost:3000/api/earnings/statement")),
    ],
    [
      "GET /api/support/demo-requests/export",
      async () =>
        (await import("@/app/api/support/demo-requests/export/route")).GET(
          new Request("http://localhost:3000/api/support/demo-requests/export"),
        ),
    ],
  ];

  it.each(routes)("%s answers 4xx JSON with a message", async (_name, call) => {
    const response = await call();
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    const body = (await response.json()) as { message?: string };
    expect(body.message).toEqual(expect.any(String));
  });

  it("GET /api/v1/account/timezone tells the child nothing of the parent's account", async () => {
    const response = await (await import("@/app/api/v1/account/timezone/route")).GET();
    expect(await response.json()).toEqual({ timezone: null });
  });
});
