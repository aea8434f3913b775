import { eq } from "drizzle-orm";

import { bookingHistory, bookings, demoOutcomes, outbox } from "@/lib/platform/db/schema";
import { openTestDatabase } from "@/test/database";
import { courseSection, pastDemo, teacherActor } from "@/test/demo-outcome-fixtures";
import { refusal } from "@/test/refusal";
import { EVERY_DAY, newCourse, newTeacher } from "@/test/scheduling-fixtures";

import { DEMO_OUTCOME_MESSAGES } from "./demo-outcome-schema";
import { listDemosNeedingOutcome, recordDemoOutcome } from "./demo-outcomes";

/**
 * Issue 27 "Demo outcomes": after a demo's time its teacher marks it attended or no-show with a
 * note, a level and a recommended section; the booking, its outcome and demo.outcome-recorded are
 * written together, and someone else's demo, a demo not yet started or a cancelled one is refused
 * with nothing changed. Recording twice updates the one outcome (the email still goes once).
 */
// A switch that fails the recording's transaction right after its event is written.
let failAfterEmit = false;
jest.mock("@/lib/platform/events/events", () => {
  const actual = jest.requireActual<typeof import("@/lib/platform/events/events")>("@/lib/platform/events/events");
  return {
    ...actual,
    emit: async (...args: Parameters<typeof actual.emit>) => {
      await actual.emit(...args);
      if (failAfterEmit) throw new Error("the change failed after its event was written");
    },
  };
});

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());

const HOUR = 3_600_000;
const now = new Date("2026-03-10T12:00:00Z");
const db = () => database.db;
/** A refusal as a route would answer it: its status and message. */
const answered = async (promise: Promise<unknown>) => {
  const error = await refusal(promise);
  return { status: error.status, message: error.message };
};

const events = (bookingId: string) =>
  db()
    .select({ payload: outbox.payload })
    .from(outbox)
    .where(eq(outbox.topic, "event:demo.outcome-recorded"))
    .then((rows) => rows.filter((r) => (r.payload as { bookingId?: string }).bookingId === bookingId));

async function stateOf(bookingId: string) {
  const [booking] = await db().select({ status: bookings.status }).from(bookings).where(eq(bookings.id, bookingId));
  const outcomes = await db().select().from(demoOutcomes).where(eq(demoOutcomes.bookingId, bookingId));
  const history = await db().select().from(bookingHistory).where(eq(bookingHistory.bookingId, bookingId));
  return { status: booking!.status, outcomes, history: history.length, events: (await events(bookingId)).length };
}

describe("recording a demo's outcome", () => {
  it("marks the demo attended with the note, level and an open section of its course, and emits demo.outcome-recorded in the same change", async () => {
    const demo = await pastDemo(db(), { startsAt: new Date(now.getTime() - 2 * HOUR), family: "account" });
    const sectionId = await courseSection(db(), demo.courseId, demo.teacherId);
    const result = await recordDemoOutcome(
      teacherActor(demo.teacherId),
      {
        bookingId: demo.id,
        outcome: "attended",
        note: "Maya solved the fraction puzzles.",
        level: "intermediate",
        recommendedSectionId: String(sectionId),
      },
      now,
    );
    expect(result).toEqual({ bookingId: demo.id, status: "attended" });
    const state = await stateOf(demo.id);
    expect(state.status).toBe("attended");
    expect(state.outcomes).toEqual([
      expect.objectContaining({
        note: "Maya solved the fraction puzzles.",
        level: "intermediate",
        recommendedSectionId: sectionId,
        byId: demo.teacherId,
      }),
    ]);
    expect(state.history).toBe(1);
    expect(state.events).toBe(1);
  });

  it("a recording whose transaction fails leaves no outcome, no status change and no event", async () => {
    const demo = await pastDemo(db(), { startsAt: new Date(now.getTime() - 2 * HOUR), family: "account" });
    failAfterEmit = true;
    try {
      await expect(recordDemoOutcome(teacherActor(demo.teacherId), { bookingId: demo.id, outcome: "no_show" }, now)).rejects.toThrow(
        "the change failed after its event was written",
      );
    } finally {
      failAfterEmit = false;
    }
    expect(await stateOf(demo.id)).toEqual({ status: "confirmed", outcomes: [], history: 0, events: 0 });
  });

  it("twice: the second recording updates the one outcome (attended → no-show drops the level and recommendation)", async () => {
    const demo = await pastDemo(db(), { startsAt: new Date(now.getTime() - 2 * HOUR), family: "request" });
    const sectionId = await courseSection(db(), demo.courseId, demo.teacherId);
    const actor = teacherActor(demo.teacherId);
    await recordDemoOutcome(
      actor,
      { bookingId: demo.id, outcome: "attended", note: "Good.", level: "beginner", recommendedSectionId: sectionId },
      now,
    );
    await recordDemoOutcome(
      actor,
      { bookingId: demo.id, outcome: "no_show", note: "", level: "advanced", recommendedSectionId: sectionId },
      now,
    );
    const state = await stateOf(demo.id);
    expect(state.status).toBe("no_show");
    expect(state.outcomes).toHaveLength(1);
    expect(state.outcomes[0]).toMatchObject({ note: "", level: null, recommendedSectionId: null });
    expect(state.events).toBe(2);
  });

  it("masks contact details in the note the family reads (issue 40)", async () => {
    const demo = await pastDemo(db(), { startsAt: new Date(now.getTime() - 2 * HOUR), family: "request" });
    await recordDemoOutcome(
      teacherActor(demo.teacherId),
      {
        bookingId: demo.id,
        outcome: "attended",
        note: "Great start! Text me on ５５５ ０１４ ２２３３ for extra lessons.",
        level: "beginner",
      },
      now,
    );
    const [row] = await db().select({ note: demoOutcomes.note }).from(demoOutcomes).where(eq(demoOutcomes.bookingId, demo.id));
    expect(row!.note).toBe("Great start! Text me on [contact details removed] for extra lessons.");
  });

  it("refuses someone else's demo, one not yet started, a cancelled one and a section that is not open in its course, changing nothing", async () => {
    const demo = await pastDemo(db(), { startsAt: new Date(now.getTime() - HOUR), family: "account" });
    const otherTeacher = await newTeacher(db(), "UTC", EVERY_DAY(0, 600));
    const otherCourseSection = await courseSection(db(), await newCourse(db(), otherTeacher), otherTeacher);
    const draft = await courseSection(db(), demo.courseId, demo.teacherId, "draft");
    const input = { bookingId: demo.id, outcome: "attended", note: "Fine." };
    const before = await stateOf(demo.id);

    await expect(answered(recordDemoOutcome(teacherActor(otherTeacher), input, now))).resolves.toEqual({
      status: 403,
      message: DEMO_OUTCOME_MESSAGES.notYours,
    });
    // A demo that does not exist answers alike.
    await expect(
      answered(recordDemoOutcome(teacherActor(otherTeacher), { ...input, bookingId: crypto.randomUUID() }, now)),
    ).resolves.toEqual({
      status: 403,
      message: DEMO_OUTCOME_MESSAGES.notYours,
    });
    await expect(answered(recordDemoOutcome(teacherActor(demo.teacherId), input, new Date(now.getTime() - 2 * HOUR)))).resolves.toEqual({
      status: 409,
      message: DEMO_OUTCOME_MESSAGES.tooEarly,
    });
    for (const recommendedSectionId of [otherCourseSection, draft]) {
      await expect(answered(recordDemoOutcome(teacherActor(demo.teacherId), { ...input, recommendedSectionId }, now))).resolves.toEqual({
        status: 400,
        message: DEMO_OUTCOME_MESSAGES.sectionNotOpen,
      });
    }
    await expect(answered(recordDemoOutcome(teacherActor(demo.teacherId), { ...input, note: "  " }, now))).resolves.toEqual({
      status: 400,
      message: DEMO_OUTCOME_MESSAGES.noteRequired,
    });
    await expect(answered(recordDemoOutcome(teacherActor(demo.teacherId), { ...input, note: "x".repeat(1001) }, now))).resolves.toEqual({
      status: 400,
      message: DEMO_OUTCOME_MESSAGES.noteTooLong,
    });
    // A parent (or support) is not a teacher.
    await expect(
      answered(recordDemoOutcome({ id: demo.parentId!, email: "p@example.com", role: "student" }, input, now)),
    ).resolves.toMatchObject({
      status: 403,
    });
    expect(await stateOf(demo.id)).toEqual(before);

    await db().update(bookings).set({ status: "cancelled" }).where(eq(bookings.id, demo.id));
    await expect(answered(recordDemoOutcome(teacherActor(demo.teacherId), input, now))).resolves.toEqual({
      status: 409,
      message: DEMO_OUTCOME_MESSAGES.cancelled,
    });
    expect((await stateOf(demo.id)).outcomes).toHaveLength(0);
  });

  it("lists the teacher's own started demos of the last 14 days without an outcome, with the course's open sections", async () => {
    const recent = await pastDemo(db(), { startsAt: new Date(now.getTime() - 3 * HOUR), family: "account" });
    const open = await courseSection(db(), recent.courseId, recent.teacherId);
    await courseSection(db(), recent.courseId, recent.teacherId, "draft");
    const listed = await listDemosNeedingOutcome(teacherActor(recent.teacherId), "Europe/London", now);
    expect(listed).toEqual([
      expect.objectContaining({
        bookingId: recent.id,
        firstName: "Maya",
        grade: 4,
        sections: [
          { id: open, label: expect.stringMatching(/^Mondays and Thursdays \d+:00 PM United Kingdom Time \(London\) with Teacher$/) },
        ],
      }),
    ]);
    // Not another teacher's; not once recorded; not a future or a 15-day-old demo.
    expect(await listDemosNeedingOutcome(teacherActor(recent.teacherId + 10_000), "UTC", now)).toEqual([]);
    await recordDemoOutcome(teacherActor(recent.teacherId), { bookingId: recent.id, outcome: "no_show" }, now);
    expect(await listDemosNeedingOutcome(teacherActor(recent.teacherId), "UTC", now)).toEqual([]);
    const old = await pastDemo(db(), { startsAt: new Date(now.getTime() - 15 * 24 * HOUR), family: "account" });
    const future = await pastDemo(db(), { startsAt: new Date(now.getTime() + HOUR), family: "account" });
    expect(await listDemosNeedingOutcome(teacherActor(old.teacherId), "UTC", now)).toEqual([]);
    expect(await listDemosNeedingOutcome(teacherActor(future.teacherId), "UTC", now)).toEqual([]);
  });
});
