import { randomUUID } from "node:crypto";

import { bookings } from "@/lib/platform/db/schema/index";
import { openTestDatabase } from "@/test/database";
import { EVERY_DAY, newCourse, newDemoRequest, newParent, newTeacher } from "@/test/scheduling-fixtures";

import { bookDemoSlot } from "@/lib/scheduling/bookings";
import { addLearner } from "@/lib/scheduling/learners";
import { createSection } from "@/lib/scheduling/sections";
import { agendaWeek, listTeacherAgenda } from "./agenda";

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());

const NOW = new Date("2030-03-04T00:00:00Z"); // a Monday
const FORTNIGHT = new Date("2030-03-18T00:00:00Z");
const context = { actorId: null, now: NOW, slotMinutes: 30, leadTimeHours: 12 };

describe("the teacher dashboard's Upcoming list (issue 17)", () => {
  it("lists the teacher's own sessions and demos of the next 14 days with first names and grades only", async () => {
    const db = database.db;
    const teacherId = await newTeacher(db, "America/Chicago", EVERY_DAY(8 * 60, 20 * 60));
    const otherTeacher = await newTeacher(db, "America/Chicago", EVERY_DAY(8 * 60, 20 * 60));
    const courseId = await newCourse(db, teacherId);
    const section = await createSection({
      courseId,
      teacherId,
      classType: "group",
      capacity: 4,
      priceMinor: 9900,
      currency: "USD",
      startsOn: "2030-03-04",
      weekdays: [3],
      startTime: "17:00",
      timezone: "America/Chicago",
      durationMinutes: 60,
      status: "open",
    });
    const parentId = await newParent(db);
    const mia = await addLearner(parentId, { firstName: "Mia", grade: 6 });
    await db.insert(bookings).values({
      kind: "seat",
      sectionId: section.id,
      learnerId: mia.id,
      teacherId,
      courseId,
      startsAt: new Date("2030-03-06T23:00:00Z"),
      endsAt: new Date("2030-03-07T00:00:00Z"),
      status: "confirmed",
      token: randomUUID(),
    });
    // A family without an account (grade 4 on its request, named "Parent": the name is not shown).
    await bookDemoSlot(
      { courseId, teacherId, startsAt: "2030-03-05T15:00:00Z", demoRequestId: await newDemoRequest(db, courseId) },
      context,
    );
    await bookDemoSlot({ courseId, teacherId, startsAt: "2030-03-05T16:00:00Z", learnerId: mia.id }, { ...context, actorId: parentId });
    // Past the 14 days, and another teacher's: not listed.
    await bookDemoSlot({ courseId, teacherId, startsAt: "2030-03-19T15:00:00Z", learnerId: mia.id }, { ...context, actorId: parentId });
    const otherCourse = await newCourse(db, otherTeacher);
    await bookDemoSlot(
      { courseId: otherCourse, teacherId: otherTeacher, startsAt: "2030-03-05T15:00:00Z", learnerId: mia.id },
      { ...context, actorId: parentId },
    );

    const agenda = await listTeacherAgenda({ id: teacherId, email: "t@example.com", role: "teacher" }, NOW, FORTNIGHT);
    expect(agenda.map(({ kind, startsAt, learners }) => ({ kind, startsAt, learners }))).toEqual([
      { kind: "demo", startsAt: "2030-03-05T15:00:00.000Z", learners: [{ firstName: null, grade: 4 }] },
      { kind: "demo", startsAt: "2030-03-05T16:00:00.000Z", learners: [{ firstName: "Mia", grade: 6 }] },
      // Wednesdays 17:00 in Chicago (CST, then CDT from 10 March).
      { kind: "session", startsAt: "2030-03-06T23:00:00.000Z", learners: [{ firstName: "Mia", grade: 6 }] },
      { kind: "session", startsAt: "2030-03-13T22:00:00.000Z", learners: [{ firstName: "Mia", grade: 6 }] },
    ]);
    expect(JSON.stringify(agenda)).not.toMatch(/family@example\.com|Parent/);

    const asAdmin = await listTeacherAgenda({ id: parentId, email: "a@example.com", role: "admin" }, NOW, FORTNIGHT);
    expect(asAdmin.filter((item) => item.kind === "demo")).toHaveLength(3);
    await expect(listTeacherAgenda({ id: parentId, email: "p@example.com", role: "student" }, NOW)).rejects.toThrow("You are not allowed");
  });

  it("is paged by week, Monday to Sunday in the teacher's zone; this week starts now", () => {
    // Wednesday 6 March 2030, 18:00 in Chicago (CST, UTC-6).
    const now = new Date("2030-03-07T00:00:00Z");
    const thisWeek = agendaWeek("America/Chicago", 0, now);
    expect(thisWeek).toMatchObject({ from: now, firstDay: "2030-03-04", lastDay: "2030-03-10" });
    expect(thisWeek.until.toISOString()).toBe("2030-03-11T05:00:00.000Z"); // Monday 00:00 CDT (the clocks went forward on the 10th)
    const next = agendaWeek("America/Chicago", 1, now);
    expect(next.from.toISOString()).toBe("2030-03-11T05:00:00.000Z");
    expect(next).toMatchObject({ firstDay: "2030-03-11", lastDay: "2030-03-17" });
    // In Kolkata it is already Thursday 7 March: the same week, other bounds.
    expect(agendaWeek("Asia/Kolkata", 1, now).from.toISOString()).toBe("2030-03-10T18:30:00.000Z");
  });
});
