import { eq } from "drizzle-orm";

import type { Actor } from "@/lib/platform/auth/permissions";
import { sections, teacherSessionReliability, users } from "@/lib/platform/db/schema";
import { openTestDatabase } from "@/test/database";
import { dailySection, roomWithJoins } from "@/test/classroom-fixtures";
import { newFamily } from "@/test/commerce-fixtures";
import { insertActor } from "@/test/fixtures";

import { recordTeacherReliability, teacherReliability } from "./reliability";

/**
 * Issue 43: the teacher's reliability record from the classroom's join log. A finished session in
 * the product's classroom is recorded once: on time, late (first join more than 3 minutes after the
 * start) or absent (the families came into the room, the teacher never did); the admin dashboard reads it.
 */
let database: Awaited<ReturnType<typeof openTestDatabase>>;
const db = () => database.db;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.dispose();
});

const MINUTE = 60_000;

/** A daily section whose session began `minutesAgo` ago (60 minutes long), its room made, the teacher first in `teacherJoinedAfter` minutes after the start (null: never). */
async function heldSession(minutesAgo: number, teacherJoinedAfter: number | null, options: { meetingUrl?: string } = {}) {
  const { section, start } = await dailySection(db(), -minutesAgo);
  if (options.meetingUrl) await db().update(sections).set({ meetingUrl: options.meetingUrl }).where(eq(sections.id, section.id));
  const family = await newFamily(db());
  await roomWithJoins(db(), { section, start, learnerUserId: family.parentId, teacherJoinedAfterMinutes: teacherJoinedAfter });
  await db()
    .update(users)
    .set({ displayName: `Teacher ${section.id}` })
    .where(eq(users.id, section.teacherId));
  return { section, start };
}

const recordOf = async (sectionId: number) =>
  db().select().from(teacherSessionReliability).where(eq(teacherSessionReliability.sectionId, sectionId));

describe("the teacher's reliability record from the join log", () => {
  it("records a finished session once: on time, late by its minutes, or absent; not a running one, nor one on an outside link", async () => {
    const onTime = await heldSession(120, 2);
    const late = await heldSession(120, 7);
    const absent = await heldSession(120, null);
    const running = await heldSession(30, null);
    const outside = await heldSession(120, null, { meetingUrl: "https://meet.example.com/room" });

    await recordTeacherReliability(db());
    expect(await recordOf(onTime.section.id)).toMatchObject([{ kind: "on-time", minutesLate: null, teacherId: onTime.section.teacherId }]);
    expect(await recordOf(late.section.id)).toMatchObject([
      { kind: "late", minutesLate: 7, firstJoinedAt: new Date(late.start.getTime() + 7 * MINUTE), sessionStartsAt: late.start },
    ]);
    expect(await recordOf(absent.section.id)).toMatchObject([{ kind: "absent", firstJoinedAt: null, teacherId: absent.section.teacherId }]);
    // Still running (its end plus the grace period is ahead): not judged yet.
    expect(await recordOf(running.section.id)).toEqual([]);
    // A section meeting on its own outside link: the product cannot tell who joined.
    expect(await recordOf(outside.section.id)).toHaveLength(0);

    // Once each: a second run records nothing again.
    expect(await recordTeacherReliability(db())).toBe(0);
    expect(await recordOf(late.section.id)).toHaveLength(1);
    // The running one is recorded when it is over.
    await recordTeacherReliability(db(), new Date(Date.now() + 60 * MINUTE));
    expect(await recordOf(running.section.id)).toMatchObject([{ kind: "absent" }]);
  });

  it("counts exactly 3 minutes as on time and more as late", async () => {
    const three = await heldSession(150, 3);
    const threeAndAHalf = await heldSession(150, 3.5);
    await recordTeacherReliability(db());
    expect(await recordOf(three.section.id)).toMatchObject([{ kind: "on-time" }]);
    expect(await recordOf(threeAndAHalf.section.id)).toMatchObject([{ kind: "late", minutesLate: 3 }]);
  });

  it("shows admins each teacher's late and missed sessions, and no one else", async () => {
    const late = await heldSession(200, 10);
    const absent = await heldSession(200, null);
    await recordTeacherReliability(db());
    const admin: Actor = await insertActor(db(), "admin");
    const { teachers, lapses } = await teacherReliability(admin);
    expect(teachers.find((t) => t.teacherId === late.section.teacherId)).toMatchObject({ sessions: 1, late: 1, absent: 0 });
    expect(teachers.find((t) => t.teacherId === absent.section.teacherId)).toMatchObject({ sessions: 1, late: 0, absent: 1 });
    expect(lapses).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          sectionId: late.section.id,
          kind: "late",
          minutesLate: 10,
          teacherName: `Teacher ${late.section.id}`,
          cancellation: null,
        }),
        // The missed session was cancelled for its families, its make-up or credit still to come.
        expect.objectContaining({ sectionId: absent.section.id, kind: "absent", minutesLate: null, cancellation: "pending" }),
      ]),
    );
    const teacher: Actor = { id: late.section.teacherId, email: "t@example.com", role: "teacher" };
    await expect(teacherReliability(teacher)).rejects.toMatchObject({ code: "forbidden" });
  });
});
