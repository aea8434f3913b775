import { eq } from "drizzle-orm";

import type { Actor } from "@/lib/platform/auth/permissions";
import { sections } from "@/lib/platform/db/schema";
import { sectionSessions } from "@/lib/scheduling/sessions";
import { newSection } from "@/test/commerce-fixtures";
import { openTestDatabase } from "@/test/database";

import { getAttendanceSheet } from "./attendance";

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.dispose());

describe("the attendance sheet's ?session= (the page passes it as typed in the address bar)", () => {
  it.each(["garbage", "2030-13-45T99:00:00Z", ""])("%j shows the latest started session instead of failing", async (asked) => {
    const sectionId = await newSection(database.db);
    const [section] = await database.db.select().from(sections).where(eq(sections.id, sectionId));
    const teacher: Actor = { id: section!.teacherId, email: "t@example.com", role: "teacher" };
    const now = new Date(Date.now() + 20 * 86_400_000);
    const started = sectionSessions(section!, new Date(Date.now() - 86_400_000), now);

    const sheet = await getAttendanceSheet(teacher, sectionId, asked, now);
    expect(sheet.session).toEqual(started.at(-1));
  });
});
