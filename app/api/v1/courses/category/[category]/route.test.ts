import { eq } from "drizzle-orm";

import { courses } from "@/lib/platform/db/schema";
import { openTestDatabase } from "@/test/database";

import { GET } from "./route";

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());

const get = (category: string) =>
  GET(new Request(`http://localhost:3000/api/v1/courses/category/${category}`), { params: Promise.resolve({ category }) });

describe("GET /api/v1/courses/category/{category}", () => {
  it("answers data.courses with id and title for the technical category, from the seeded catalogue", async () => {
    const response = await get("technical");
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.data.courses.length).toBeGreaterThanOrEqual(5);
    for (const course of body.data.courses) {
      expect(course).toEqual(expect.objectContaining({ id: expect.any(Number), title: expect.any(String), category: "technical" }));
    }
  });

  it("seeds at least five courses in each of the five categories", async () => {
    for (const category of ["technical", "academic", "language", "music", "lifestyle"]) {
      const body = await (await get(category)).json();
      expect(body.data.courses.length).toBeGreaterThanOrEqual(5);
    }
  });

  it("leaves unpublished courses out", async () => {
    const [first] = (await (await get("music")).json()).data.courses;
    await database.db.update(courses).set({ isPublished: false }).where(eq(courses.id, first.id));
    const after = (await (await get("music")).json()).data.courses;
    expect(after.map((c: { id: number }) => c.id)).not.toContain(first.id);
  });

  it("answers an unknown category with 404 and a JSON message", async () => {
    const response = await get("astrology");
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ ok: false, message: expect.stringContaining("Unknown course category") });
  });
});
