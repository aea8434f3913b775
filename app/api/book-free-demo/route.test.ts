import { randomUUID } from "node:crypto";

import { eq } from "drizzle-orm";

import type { SessionUser } from "@/lib/platform/auth/session-user";
import { demoRequests, learners, users } from "@/lib/platform/db/schema";
import { jsonRequest, openTestDatabase } from "@/test/database";

import { verifyLeadToken } from "@/lib/demo-requests/lead-token";

import { POST, UPDATED } from "./route";

// next-auth reads the session through Next's request scope; here the test chooses who is signed in.
const mockSession: { user: SessionUser | null } = { user: null };
jest.mock("next-auth", () => ({
  __esModule: true,
  ...jest.requireActual("next-auth"),
  getServerSession: jest.fn(async () =>
    mockSession.user ? { user: mockSession.user, expires: new Date(Date.now() + 3_600_000).toISOString() } : null,
  ),
}));
afterEach(() => {
  mockSession.user = null;
});

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());

const valid = {
  name: "Asha Rao",
  userEmail: "asha.parent@example.com",
  number: "+1 555 201 3344",
  course: "1",
  text: "My son loves building games.",
  type: "Group Classes",
  grade: 5,
  sourcePage: "/book-free-demo/5",
};

async function rows() {
  return database.db.select().from(demoRequests);
}

describe("POST /api/book-free-demo", () => {
  beforeEach(async () => {
    await database.db.delete(demoRequests);
  });

  it("stores every field of the payload with grade and source page, then answers 201 with the id", async () => {
    const response = await POST(jsonRequest("/api/book-free-demo", valid));
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({ ok: true });
    const [row] = await rows();
    expect(row).toMatchObject({
      id: body.id,
      name: "Asha Rao",
      userEmail: "asha.parent@example.com",
      phone: "+1 555 201 3344",
      course: "1",
      courseId: 1,
      message: "My son loves building games.",
      classType: "Group Classes",
      grade: 5,
      sourcePage: "/book-free-demo/5",
      status: "new",
    });
    // The time picker's proof of this lead: a signed token that verifies to the stored id.
    expect(verifyLeadToken(body.bookingToken)).toBe(row!.id);
  });

  it("records the signed-in account on a request made with a session, and none without (security issue: account squatting)", async () => {
    const [account] = await database.db
      .insert(users)
      .values({ firebaseUid: `uid-${Date.now()}`, email: "signed.in@example.com", displayName: "Signed In", role: "student" })
      .returning({ id: users.id });
    mockSession.user = {
      id: "uid",
      name: "Signed In",
      email: "signed.in@example.com",
      displayName: "Signed In",
      photoURL: null,
      role: "student",
      databaseId: account!.id,
      emailVerified: false,
    };
    const cookie = { headers: { cookie: "next-auth.session-token=x" } };
    expect((await POST(jsonRequest("/api/book-free-demo", valid, cookie))).status).toBe(201);
    mockSession.user = null;
    expect((await POST(jsonRequest("/api/book-free-demo", { ...valid, userEmail: "signed.out@example.com" }))).status).toBe(201);
    const stored = await database.db.select({ userEmail: demoRequests.userEmail, userId: demoRequests.userId }).from(demoRequests);
    expect(stored).toEqual(
      expect.arrayContaining([
        { userEmail: "asha.parent@example.com", userId: account!.id },
        { userEmail: "signed.out@example.com", userId: null },
      ]),
    );
    expect(stored).toHaveLength(2);
  });

  it("accepts the join form's minimal payload: email and course only", async () => {
    const response = await POST(
      jsonRequest("/api/book-free-demo", { userEmail: "min@example.com", course: "not-sure", name: "", type: "" }),
    );
    expect(response.status).toBe(201);
    const [row] = await rows();
    expect(row).toMatchObject({ userEmail: "min@example.com", course: "not-sure", courseId: null, name: null, classType: null });
  });

  it("refuses a missing or malformed email with the form's message and stores nothing", async () => {
    const missing = await POST(jsonRequest("/api/book-free-demo", { ...valid, userEmail: "" }));
    expect(missing.status).toBe(400);
    expect((await missing.json()).errors.userEmail).toBe("Email is required.");
    const malformed = await POST(jsonRequest("/api/book-free-demo", { ...valid, userEmail: "not-an-email" }));
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).message).toBe("Please enter a valid email address");
    expect(await rows()).toHaveLength(0);
  });

  it("stores the child a signed-in parent picked, and refuses a child that is not theirs", async () => {
    const parent = async (email: string) => {
      const [account] = await database.db
        .insert(users)
        .values({ firebaseUid: `uid-${randomUUID()}`, email, displayName: "Parent", role: "student" })
        .returning({ id: users.id });
      const [child] = await database.db
        .insert(learners)
        .values({ parentId: account!.id, firstName: "Mia", grade: 5 })
        .returning({ id: learners.id });
      return { id: account!.id, childId: child!.id };
    };
    const mine = await parent(`mine.${randomUUID().slice(0, 8)}@example.com`);
    const theirs = await parent(`theirs.${randomUUID().slice(0, 8)}@example.com`);
    const cookie = { headers: { cookie: "next-auth.session-token=x" } };
    mockSession.user = {
      id: "uid",
      name: "Parent",
      email: "mine@example.com",
      displayName: "Parent",
      photoURL: null,
      role: "student",
      databaseId: mine.id,
      emailVerified: true,
    };
    const refused = await POST(jsonRequest("/api/book-free-demo", { ...valid, learnerId: theirs.childId }, cookie));
    expect(refused.status).toBe(403);
    expect(await rows()).toHaveLength(0);
    const stored = await POST(jsonRequest("/api/book-free-demo", { ...valid, learnerId: String(mine.childId) }, cookie));
    expect(stored.status).toBe(201);
    expect(await rows()).toEqual([expect.objectContaining({ learnerId: mine.childId, userId: mine.id })]);
    mockSession.user = null;
    expect(
      (await POST(jsonRequest("/api/book-free-demo", { ...valid, userEmail: "out@example.com", learnerId: mine.childId }))).status,
    ).toBe(403);
  });

  it("updates the first request when the same email and grade ask again within a day, and says so", async () => {
    const first = await POST(jsonRequest("/api/book-free-demo", valid));
    const again = await POST(
      jsonRequest("/api/book-free-demo", { ...valid, userEmail: valid.userEmail.toUpperCase(), text: "Mornings now." }),
    );
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    const body = await again.json();
    expect(body).toMatchObject({ ok: true, isRepeat: true, message: UPDATED, id: (await first.json()).id });
    expect(await rows()).toEqual([expect.objectContaining({ message: "Mornings now." })]);
  });

  it("requires a course with the message 'Course is required.'", async () => {
    const response = await POST(jsonRequest("/api/book-free-demo", { ...valid, course: "" }));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ ok: false, message: "Course is required." });
  });

  it("stores one row for a retried submission with the same idempotency key", async () => {
    const headers = { "idempotency-key": "form-7f3c2a9b-retry" };
    const first = await POST(jsonRequest("/api/book-free-demo", valid, { headers }));
    const second = await POST(jsonRequest("/api/book-free-demo", valid, { headers }));
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    expect((await second.json()).id).toBe((await first.json()).id);
    expect(await rows()).toHaveLength(1);
  });

  it("stores concurrent retries of one key once", async () => {
    const headers = { "idempotency-key": "form-concurrent-0001" };
    const answers = await Promise.all(Array.from({ length: 10 }, () => POST(jsonRequest("/api/book-free-demo", valid, { headers }))));
    expect(answers.every((a) => a.status === 200 || a.status === 201)).toBe(true);
    expect(await database.db.select().from(demoRequests).where(eq(demoRequests.idempotencyKey, "form-concurrent-0001"))).toHaveLength(1);
  });

  it("refuses a cross-site post", async () => {
    const response = await POST(jsonRequest("/api/book-free-demo", valid, { headers: { origin: "https://evil.example" } }));
    expect(response.status).toBe(403);
    expect((await response.json()).message).toMatch(/cross-site/i);
    expect(await rows()).toHaveLength(0);
  });

  it("answers malformed JSON with 400, an oversized body with 413 and a bad key with 400", async () => {
    expect((await POST(jsonRequest("/api/book-free-demo", null, { raw: "{ not json" }))).status).toBe(400);
    expect((await POST(jsonRequest("/api/book-free-demo", { ...valid, text: "x".repeat(40_000) }))).status).toBe(413);
    expect((await POST(jsonRequest("/api/book-free-demo", valid, { headers: { "idempotency-key": "no spaces allowed" } }))).status).toBe(
      400,
    );
    expect((await POST(jsonRequest("/api/book-free-demo", [valid]))).status).toBe(400);
    expect(await rows()).toHaveLength(0);
  });

  it("answers a bot that filled the honeypot like a person, and stores nothing (issue 6)", async () => {
    const response = await POST(jsonRequest("/api/book-free-demo", { ...valid, website: "https://cheap-pills.example" }));
    expect(response.status).toBe(201);
    const body = await response.json();
    // A person's answer carries a booking token for the time picker; so does the bot's (for an id never stored).
    expect(body).toEqual({
      ok: true,
      message: "Your demo request has been received.",
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      bookingToken: expect.stringMatching(/^[0-9a-f-]{36}\.\d+\.[\w-]{43}$/),
    });
    expect(await rows()).toHaveLength(0);
  });

  it("stores a person's request, whose honeypot is empty, as usual", async () => {
    const response = await POST(jsonRequest("/api/book-free-demo", { ...valid, website: "" }));
    expect(response.status).toBe(201);
    const [row] = await rows();
    expect(row).toMatchObject({ id: (await response.json()).id, userEmail: valid.userEmail });
  });
});
