import type { SessionUser } from "@/lib/platform/auth/session-user";
import type { openTestDatabase } from "@/test/database";

jest.mock("next/headers", () => jest.requireActual("@/test/action-context").nextHeadersMock);
jest.mock("next-auth", () => jest.requireActual("@/test/action-context").nextAuthMock());
jest.mock("next/cache", () => ({ revalidatePath: jest.fn() }));

type Modules = {
  action: typeof import("./actions");
  teachers: typeof import("@/lib/teachers/profiles") & typeof import("@/lib/scheduling/teacher-zone");
  messages: typeof import("@/lib/scheduling/schema");
  fixtures: typeof import("@/test/scheduling-fixtures");
  testing: typeof import("@/test/database");
  context: typeof import("@/test/action-context");
};
let m: Modules;
let database: Awaited<ReturnType<typeof openTestDatabase>>;

beforeAll(async () => {
  jest.resetModules();
  m = {
    action: await import("./actions"),
    teachers: { ...(await import("@/lib/teachers/profiles")), ...(await import("@/lib/scheduling/teacher-zone")) },
    messages: await import("@/lib/scheduling/schema"),
    fixtures: await import("@/test/scheduling-fixtures"),
    testing: await import("@/test/database"),
    context: await import("@/test/action-context"),
  };
  database = await m.testing.openTestDatabase();
});
afterAll(async () => {
  await database.dispose();
  m.context.actionContext.user = null;
});

const signedInAs = (databaseId: number, role: SessionUser["role"]) => m.context.signedInAs(databaseId, role);

function formOf(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.append(key, value);
  return data;
}

const MONDAY_9_TO_12 = { weekday: "1", start: "09:00", end: "12:00" };

describe("the teacher's weekly hours (issue 17)", () => {
  it("replaces the signed-in teacher's own hours, in their zone", async () => {
    const teacherId = await m.fixtures.newTeacher(database.db, "Asia/Kolkata", [[3, 600, 700]]);
    signedInAs(teacherId, "teacher");
    expect(await m.action.saveWeeklyHoursAction([MONDAY_9_TO_12, { weekday: "1", start: "12:00", end: "15:00" }])).toEqual({
      ok: true,
      message: "Your weekly hours are saved.",
    });
    expect(await m.teachers.listWeeklyHours(teacherId)).toEqual([
      { weekday: 1, startMinute: 540, endMinute: 720 },
      { weekday: 1, startMinute: 720, endMinute: 900 },
    ]);
  });

  it("answers overlapping and reversed hours beside their rows, and changes nothing", async () => {
    const teacherId = await m.fixtures.newTeacher(database.db, "Europe/London", [[2, 600, 700]]);
    signedInAs(teacherId, "teacher");
    const result = await m.action.saveWeeklyHoursAction([
      MONDAY_9_TO_12,
      { weekday: "1", start: "11:00", end: "13:00" },
      { weekday: "4", start: "18:00", end: "17:00" },
    ]);
    expect(result).toMatchObject({
      ok: false,
      fieldErrors: { "1.start": m.messages.SCHEDULING_MESSAGES.hoursOverlap, "2.end": m.messages.SCHEDULING_MESSAGES.hoursOrder },
    });
    expect(await m.teachers.listWeeklyHours(teacherId)).toEqual([{ weekday: 2, startMinute: 600, endMinute: 700 }]);
  });

  it("is for teachers only: a signed-out visitor and a parent are refused, nothing stored", async () => {
    const parentId = await m.fixtures.newParent(database.db);
    m.context.actionContext.user = null;
    expect(await m.action.saveWeeklyHoursAction([MONDAY_9_TO_12])).toEqual({ ok: false, message: "Please sign in first." });
    signedInAs(parentId, "student");
    expect(await m.action.saveWeeklyHoursAction([MONDAY_9_TO_12])).toEqual({ ok: false, message: "You are not allowed to do that." });
    expect(await m.teachers.listWeeklyHours(parentId)).toEqual([]);
  });
});

describe("the teacher's exceptions and profile", () => {
  it("adds a day off and extra hours, lists them from today, and removes only the teacher's own", async () => {
    const teacherId = await m.fixtures.newTeacher(database.db, "America/New_York", []);
    const otherId = await m.fixtures.newTeacher(database.db, "America/New_York", []);
    signedInAs(teacherId, "teacher");
    expect(await m.action.addExceptionAction(null, formOf({ date: "2030-05-01", kind: "off", start: "", end: "" }))).toMatchObject({
      ok: true,
    });
    expect(
      await m.action.addExceptionAction(null, formOf({ date: "2030-05-02", kind: "extra", start: "18:00", end: "20:00" })),
    ).toMatchObject({
      ok: true,
    });
    expect(await m.action.addExceptionAction(null, formOf({ date: "2030-05-03", kind: "extra", start: "", end: "" }))).toEqual({
      ok: false,
      message: m.messages.SCHEDULING_MESSAGES.extraNeedsHours,
      fieldErrors: { start: m.messages.SCHEDULING_MESSAGES.extraNeedsHours },
    });
    const listed = await m.teachers.listUpcomingExceptions(teacherId, "2030-01-01");
    expect(listed.map(({ date, kind, startMinute, endMinute }) => ({ date, kind, startMinute, endMinute }))).toEqual([
      { date: "2030-05-01", kind: "off", startMinute: null, endMinute: null },
      { date: "2030-05-02", kind: "extra", startMinute: 1080, endMinute: 1200 },
    ]);
    expect(await m.teachers.listUpcomingExceptions(teacherId, "2030-05-02")).toHaveLength(1);

    // Another teacher cannot remove it (ownership in the where).
    signedInAs(otherId, "teacher");
    expect(await m.action.removeExceptionAction(null, formOf({ id: String(listed[0]!.id) }))).toEqual({
      ok: true,
      message: "That exception does not exist.",
    });
    expect(await m.teachers.listUpcomingExceptions(teacherId, "2030-01-01")).toHaveLength(2);
    signedInAs(teacherId, "teacher");
    expect(await m.action.removeExceptionAction(null, formOf({ id: String(listed[0]!.id) }))).toEqual({
      ok: true,
      message: "The exception is removed.",
    });
    expect(await m.teachers.listUpcomingExceptions(teacherId, "2030-01-01")).toHaveLength(1);
  });

  it("saves the profile with its subjects and zone, and refuses an unknown zone beside its field", async () => {
    const teacherId = await m.fixtures.newTeacher(database.db, "UTC", []);
    signedInAs(teacherId, "teacher");
    const form = { publicName: "Ms. Okafor", bio: "Chemistry.", subjects: "Chemistry, Physics", timezone: "Africa/Lagos" };
    // The fixture's teacher is approved: a new bio waits for review (issue 40), the rest is saved at once.
    expect(await m.action.saveTeacherProfileAction(formOf(form))).toEqual({
      ok: true,
      message: "Your profile is saved. Your new bio goes live once our team has reviewed it; until then your page shows the approved one.",
    });
    expect(await m.teachers.findOwnTeacherProfile(teacherId)).toMatchObject({
      pendingBio: "Chemistry.",
      publicName: "Ms. Okafor",
      subjects: ["Chemistry", "Physics"],
      timezone: "Africa/Lagos",
    });
    expect(await m.action.saveTeacherProfileAction(formOf({ ...form, timezone: "Mars/Olympus" }))).toEqual({
      ok: false,
      message: m.messages.SCHEDULING_MESSAGES.timezoneInvalid,
      fieldErrors: { timezone: m.messages.SCHEDULING_MESSAGES.timezoneInvalid },
    });
    expect(await m.teachers.teacherTimezone(teacherId)).toBe("Africa/Lagos");
  });
});
