import { randomUUID } from "node:crypto";

import { eq } from "drizzle-orm";

import { users } from "@/lib/db/schema";
import { jsonRequest, openTestDatabase } from "@/lib/testing/database";

import { POST } from "./route";

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());

const body = () => ({ displayName: "Sam Parent", email: `sam.${randomUUID().slice(0, 8)}@example.com`, password: "good-password-1" });

describe("POST /api/account/signup", () => {
  it("creates the account as a student and answers 201 without secrets", async () => {
    const input = body();
    const response = await POST(jsonRequest("/api/account/signup", input));
    expect(response.status).toBe(201);
    const answer = await response.json();
    expect(answer).toMatchObject({ ok: true, user: { email: input.email, displayName: "Sam Parent", role: "student" } });
    expect(JSON.stringify(answer)).not.toContain(input.password);
    expect(await database.db.select().from(users).where(eq(users.email, input.email))).toHaveLength(1);
  });

  it("answers an email already in use with the spec's message", async () => {
    const input = body();
    await POST(jsonRequest("/api/account/signup", input));
    const again = await POST(jsonRequest("/api/account/signup", input));
    expect(again.status).toBe(400);
    expect((await again.json()).message).toBe("Email already in use. Please try another email or login.");
  });

  it("refuses bad input with field messages, and cross-site posts", async () => {
    const bad = await POST(jsonRequest("/api/account/signup", { displayName: "", email: "nope", password: "short" }));
    expect(bad.status).toBe(400);
    const { errors } = await bad.json();
    expect(errors).toMatchObject({ displayName: "Name is required.", email: "Please enter a valid email address" });
    expect(errors.password).toBe("Password should be strong. Try again");
    expect((await POST(jsonRequest("/api/account/signup", body(), { headers: { origin: "https://evil.example" } }))).status).toBe(403);
  });
});
