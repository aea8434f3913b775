import { logEvents } from "@/lib/db/schema";
import { jsonRequest, openTestDatabase } from "@/lib/testing/database";

import { POST } from "./route";

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
      userId: "42",
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
    expect((await stored())[0]).toMatchObject({ userId: "7", additionalInfo: null, currentUrl: null });
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
