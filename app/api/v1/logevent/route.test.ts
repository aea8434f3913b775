import type { SessionUser } from "@/lib/platform/auth/session-user";
import { logEvents } from "@/lib/platform/db/schema";
import { jsonRequest, openTestDatabase } from "@/test/database";

import { POST } from "./route";

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
beforeEach(async () => {
  await database.db.delete(logEvents);
});

const stored = () => database.db.select().from(logEvents);

describe("POST /api/v1/logevent", () => {
  it("stores the event with server time and request metadata and answers ok with a message", async () => {
    const before = Date.now();
    const response = await POST(
      jsonRequest(
        "/api/v1/logevent",
        { eventName: "Log Out", userId: "42", currentUrl: "http://localhost:3000/my-courses", additionalInfo: { from: "header" } },
        { headers: { "user-agent": "jest-agent", "x-forwarded-for": "198.51.100.1, 203.0.113.7" } },
      ),
    );
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({ ok: true, message: "Event logged." });
    const [row] = await stored();
    expect(row).toMatchObject({
      eventName: "Log Out",
      // No session: the body's userId is only a claim (security issue item 8).
      userId: null,
      claimedUserId: "42",
      currentUrl: "http://localhost:3000/my-courses",
      additionalInfo: { from: "header" },
      userAgent: "jest-agent",
      ipAddress: "203.0.113.7",
    });
    expect(row!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it("accepts a numeric userId and a missing additionalInfo", async () => {
    const response = await POST(jsonRequest("/api/v1/logevent", { eventName: "Page View", userId: 7 }));
    expect(response.status).toBe(201);
    expect((await stored())[0]).toMatchObject({ userId: null, claimedUserId: "7", additionalInfo: null, currentUrl: null });
  });

  it("with a session, stores the session's user whatever the body claims (security issue item 8)", async () => {
    mockSession.user = {
      id: "firebase-uid-1",
      name: null,
      email: "signed.in@example.com",
      displayName: null,
      photoURL: null,
      role: "student",
      databaseId: 314,
      emailVerified: true,
    };
    const claims = [{ userId: "42" }, { userId: 9 }, {}];
    for (const claim of claims) {
      const response = await POST(
        jsonRequest("/api/v1/logevent", { eventName: "Page View", ...claim }, { headers: { cookie: "next-auth.session-token=x" } }),
      );
      expect(response.status).toBe(201);
    }
    const rows = await stored();
    expect(rows).toHaveLength(claims.length);
    for (const row of rows) expect(row).toMatchObject({ userId: "314", claimedUserId: null });
  });

  it("refuses additionalInfo over 2 KB as JSON with a 400 and a clear message, and stores nothing", async () => {
    const atLimit = { note: "x".repeat(2048 - '{"note":""}'.length) };
    expect((await POST(jsonRequest("/api/v1/logevent", { eventName: "Fits", additionalInfo: atLimit }))).status).toBe(201);
    // One byte more (a two-byte character counts as two).
    const over = { note: `${"x".repeat(2048 - '{"note":""}'.length - 1)}é` };
    const response = await POST(jsonRequest("/api/v1/logevent", { eventName: "Too big", additionalInfo: over }));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ ok: false, message: "additionalInfo must be at most 2 KB as JSON." });
    expect((await stored()).map((row) => row.eventName)).toEqual(["Fits"]);
  });

  it.each([
    ["a missing eventName", { userId: "1" }, "eventName is required."],
    ["an empty eventName", { eventName: "  " }, "eventName is required."],
    ["a wrong type", { eventName: 12 }, undefined],
    ["an overlong eventName", { eventName: "x".repeat(101) }, "eventName must be at most 100 characters."],
    ["an array body", [{ eventName: "x" }], "The request body must be a JSON object."],
    ["a NUL character", { eventName: "a\u0000b" }, "The request contains characters that cannot be stored."],
  ])("answers %s with a 4xx JSON message and stores nothing", async (_case, body, message) => {
    const response = await POST(jsonRequest("/api/v1/logevent", body));
    expect(response.status).toBe(400);
    const answer = await response.json();
    expect(answer.ok).toBe(false);
    expect(typeof answer.message).toBe("string");
    if (message) expect(answer.message).toBe(message);
    expect(await stored()).toHaveLength(0);
  });

  it("answers malformed JSON with 400 and an oversized body with 413", async () => {
    const malformed = await POST(jsonRequest("/api/v1/logevent", null, { raw: '{"eventName":' }));
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).message).toBe("The request body is not valid JSON.");
    const oversized = await POST(jsonRequest("/api/v1/logevent", { eventName: "big", additionalInfo: "x".repeat(20_000) }));
    expect(oversized.status).toBe(413);
    expect((await oversized.json()).ok).toBe(false);
    expect(await stored()).toHaveLength(0);
  });

  it("refuses a cross-site post", async () => {
    const response = await POST(jsonRequest("/api/v1/logevent", { eventName: "x" }, { headers: { origin: "https://evil.example" } }));
    expect(response.status).toBe(403);
  });
});
