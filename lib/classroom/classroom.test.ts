import { eq } from "drizzle-orm";

import type { Actor } from "@/lib/platform/auth/permissions";
import { attendance, bookings, courseReviews, sections } from "@/lib/platform/db/schema";
import { actionContext, actionTestDatabase } from "@/test/action-context";
import { seatedSection } from "@/test/classroom-fixtures";
import { addChild, newFamily } from "@/test/commerce-fixtures";

import { GET } from "@/app/api/classes/join/route";

import { getAttendanceSheet, listFamilyAttendance, markAttendance } from "./attendance";
import { listFamilyClasses, resolveJoinUrl } from "./join";
import { sessionRoomName } from "./session-room";
import { courseRating, listReviewableCourses, moderateReview, submitReview } from "./reviews";
import { CLASSROOM_MESSAGES } from "./schema";

jest.mock("next/headers", () => jest.requireActual("@/test/action-context").nextHeadersMock);
jest.mock("next-auth", () => jest.requireActual("@/test/action-context").nextAuthMock());

const db = actionTestDatabase();

const MINUTE = 60_000;
const parent = (id: number): Actor => ({ id, email: `p${id}@example.com`, role: "student" });
const teacher = (id: number): Actor => ({ id, email: `t${id}@example.com`, role: "teacher" });

/** An open section, a family with a confirmed seat in it, and the section's sessions of the coming weeks. */
const bookedSection = () => seatedSection(db());

async function asSessionUser(databaseId: number) {
  actionContext.user = {
    id: `uid-${databaseId}`,
    name: null,
    email: `p${databaseId}@example.com`,
    displayName: null,
    photoURL: null,
    role: "student",
    databaseId,
    emailVerified: true,
  };
}

describe("the join link", () => {
  it("opens 10 minutes before a session and closes at its end, for the booked family and the teacher only", async () => {
    const { section, parentId, sessions } = await bookedSection();
    const next = sessions.find((s) => new Date(s.startsAt).getTime() > Date.now())!;
    const start = new Date(next.startsAt).getTime();
    const url = `https://meet.jit.si/${sessionRoomName(section, next.startsAt)}`;
    expect(section.meetingRoom).toMatch(/^[0-9a-f]{32}$/);

    expect(await resolveJoinUrl(parent(parentId), { section: section.id }, new Date(start - 10 * MINUTE))).toBe(url);
    expect(await resolveJoinUrl(teacher(section.teacherId), { section: section.id }, new Date(start + 59 * MINUTE))).toBe(url);
    await expect(resolveJoinUrl(parent(parentId), { section: section.id }, new Date(start - 11 * MINUTE))).rejects.toMatchObject({
      message: CLASSROOM_MESSAGES.joinNotOpen,
    });

    const stranger = await newFamily(db());
    await expect(resolveJoinUrl(parent(stranger.parentId), { section: section.id }, new Date(start))).rejects.toMatchObject({
      code: "forbidden",
      message: CLASSROOM_MESSAGES.notBooked,
    });

    // The page lists the class with its window and our own route, never the meeting link.
    const classes = await listFamilyClasses(parentId, new Date(start - 5 * MINUTE));
    expect(classes).toHaveLength(1);
    expect(classes[0]).toMatchObject({
      startsAt: next.startsAt,
      window: { state: "open" },
      joinHref: `/api/classes/join?section=${section.id}`,
    });
    expect(JSON.stringify(classes)).not.toContain(section.meetingRoom);
    expect((await listFamilyClasses(parentId, new Date(start - 11 * MINUTE)))[0]!.window.state).toBe("early");
    expect(await listFamilyClasses(stranger.parentId, new Date(start))).toEqual([]);
  });

  it("gives each session its own room, which a family withdrawn since cannot get or compute from the section id", async () => {
    const { section, parentId, sessions } = await bookedSection();
    const [first, second] = sessions.filter((s) => new Date(s.startsAt).getTime() > Date.now());
    const atStart = (s: { startsAt: string }) => new Date(new Date(s.startsAt).getTime() - 5 * MINUTE);
    const firstUrl = await resolveJoinUrl(parent(parentId), { section: section.id }, atStart(first!));
    const secondUrl = await resolveJoinUrl(teacher(section.teacherId), { section: section.id }, atStart(second!));
    // Two sessions, two rooms, neither the section's lifelong one.
    expect(firstUrl).not.toBe(secondUrl);
    for (const url of [firstUrl, secondUrl]) {
      expect(url).toMatch(/^https:\/\/meet\.jit\.si\/[0-9a-f]{32}$/);
      expect(url).not.toContain(section.meetingRoom);
    }

    // Withdrawn after the first session: the room it was given is that session's only, and the next one's is refused.
    await db().update(bookings).set({ status: "cancelled" }).where(eq(bookings.sectionId, section.id));
    await expect(resolveJoinUrl(parent(parentId), { section: section.id }, atStart(second!))).rejects.toMatchObject({
      code: "forbidden",
      message: CLASSROOM_MESSAGES.notBooked,
    });

    // Not a function of what a family knows: the same section id and start with another seed or
    // another server secret give another room.
    const room = sessionRoomName(section, second!.startsAt);
    expect(sessionRoomName({ id: section.id, meetingRoom: "0".repeat(32) }, second!.startsAt)).not.toBe(room);
    expect(sessionRoomName(section, second!.startsAt, "another-server-secret-of-32-characters")).not.toBe(room);
  });

  it("uses the teacher's own meeting link when the section has one", async () => {
    const { section, parentId, sessions } = await bookedSection();
    await db().update(sections).set({ meetingUrl: "https://zoom.example.com/j/123" }).where(eq(sections.id, section.id));
    const start = new Date(sessions.find((s) => new Date(s.startsAt).getTime() > Date.now())!.startsAt).getTime();
    expect(await resolveJoinUrl(parent(parentId), { section: section.id }, new Date(start))).toBe("https://zoom.example.com/j/123");
  });

  it("the route refuses a signed-in parent without a booking with 403 and no link, and needs a session", async () => {
    const { section } = await bookedSection();
    const stranger = await newFamily(db());
    await asSessionUser(stranger.parentId);
    const response = await GET(new Request(`http://localhost:3000/api/classes/join?section=${section.id}`));
    expect(response.status).toBe(403);
    const body = await response.text();
    expect(JSON.parse(body)).toMatchObject({ message: CLASSROOM_MESSAGES.notBooked });
    expect(body).not.toContain(section.meetingRoom);
    expect(response.headers.get("location")).toBeNull();

    actionContext.user = null;
    expect((await GET(new Request(`http://localhost:3000/api/classes/join?section=${section.id}`))).status).toBe(401);
  });
});

describe("the join link and the seat's and section's states", () => {
  const nextStart = (sessions: Array<{ startsAt: string }>) =>
    new Date(sessions.find((s) => new Date(s.startsAt).getTime() > Date.now())!.startsAt).getTime();

  it("gives a held (unpaid) seat no class on the page and no link from the route", async () => {
    const { section, parentId, sessions } = await bookedSection();
    await db().update(bookings).set({ status: "held" }).where(eq(bookings.sectionId, section.id));
    const start = nextStart(sessions);
    expect(await listFamilyClasses(parentId, new Date(start))).toEqual([]);
    await expect(resolveJoinUrl(parent(parentId), { section: section.id }, new Date(start))).rejects.toMatchObject({
      code: "forbidden",
      message: CLASSROOM_MESSAGES.notBooked,
    });
  });

  it("does not open a closed section, for its family or its teacher, and the page lists it no more", async () => {
    const { section, parentId, sessions } = await bookedSection();
    await db().update(sections).set({ status: "closed" }).where(eq(sections.id, section.id));
    const start = nextStart(sessions);
    expect(await listFamilyClasses(parentId, new Date(start))).toEqual([]);
    for (const actor of [parent(parentId), teacher(section.teacherId)]) {
      await expect(resolveJoinUrl(actor, { section: section.id }, new Date(start))).rejects.toMatchObject({
        code: "conflict",
        message: CLASSROOM_MESSAGES.sectionClosed,
      });
    }
    await asSessionUser(parentId);
    const response = await GET(new Request(`http://localhost:3000/api/classes/join?section=${section.id}`));
    expect(response.status).toBe(409);
    expect(await response.json()).toMatchObject({ message: CLASSROOM_MESSAGES.sectionClosed });
    actionContext.user = null;
  });

  it("does not open a cancelled seat", async () => {
    const { section, parentId, sessions } = await bookedSection();
    await db().update(bookings).set({ status: "cancelled" }).where(eq(bookings.sectionId, section.id));
    await expect(resolveJoinUrl(parent(parentId), { section: section.id }, new Date(nextStart(sessions)))).rejects.toMatchObject({
      message: CLASSROOM_MESSAGES.notBooked,
    });
  });
});

describe("attendance", () => {
  it("is marked by the section's teacher, shown to the family, and refused for another teacher's section with nothing stored", async () => {
    const { section, parentId, learnerId, sessions } = await bookedSection();
    const first = sessions[0]!;
    const now = new Date(new Date(first.startsAt).getTime() + 5 * MINUTE);
    const input = { sectionId: section.id, sessionStartsAt: first.startsAt, marks: [{ learnerId, status: "late", note: "Wifi trouble" }] };

    const other = await bookedSection();
    await expect(markAttendance(teacher(other.section.teacherId), input as never, now)).rejects.toMatchObject({
      code: "forbidden",
      message: CLASSROOM_MESSAGES.notYourSection,
    });
    await expect(getAttendanceSheet(teacher(other.section.teacherId), section.id)).rejects.toMatchObject({
      message: CLASSROOM_MESSAGES.notYourSection,
    });
    expect(await db().select().from(attendance).where(eq(attendance.sectionId, section.id))).toEqual([]);

    // A session in the future, a time that is no session, a learner without a seat: refused.
    const future = sessions.find((s) => new Date(s.startsAt).getTime() > now.getTime() + 86_400_000)!;
    await expect(
      markAttendance(teacher(section.teacherId), { ...input, sessionStartsAt: future.startsAt } as never, now),
    ).rejects.toMatchObject({
      message: CLASSROOM_MESSAGES.sessionNotStarted,
    });
    await expect(
      markAttendance(
        teacher(section.teacherId),
        { ...input, sessionStartsAt: new Date(now.getTime() - 3 * MINUTE).toISOString() } as never,
        now,
      ),
    ).rejects.toMatchObject({ message: CLASSROOM_MESSAGES.noSuchSession });
    const outsider = await addChild(db(), other.parentId, "Zed");
    await expect(
      markAttendance(teacher(section.teacherId), { ...input, marks: [{ learnerId: outsider, status: "present" }] } as never, now),
    ).rejects.toMatchObject({ message: CLASSROOM_MESSAGES.learnerNotInSection });
    await expect(
      markAttendance(teacher(section.teacherId), { ...input, marks: [{ learnerId, status: "asleep" }] } as never, now),
    ).rejects.toMatchObject({ message: CLASSROOM_MESSAGES.attendanceStatusInvalid });
    expect(await db().select().from(attendance).where(eq(attendance.sectionId, section.id))).toEqual([]);

    expect(await markAttendance(teacher(section.teacherId), input as never, now)).toBe(1);
    expect(await listFamilyAttendance(parentId)).toEqual([
      { learnerFirstName: "Ada", courseTitle: "Test course", sessionStartsAt: first.startsAt, status: "late", note: "Wifi trouble" },
    ]);
  });
});

describe("reviews", () => {
  it("open after the third attended session, once per course and child, and count on the course page only once approved", async () => {
    const { section, parentId, learnerId, sessions } = await bookedSection();
    const review = { courseId: section.courseId, learnerId, rating: 4, comment: "Loved it" };
    const mark = (i: number, status: string) =>
      markAttendance(
        teacher(section.teacherId),
        { sectionId: section.id, sessionStartsAt: sessions[i]!.startsAt, marks: [{ learnerId, status }] } as never,
        new Date(Date.now() + 60 * 86_400_000),
      );
    await mark(0, "present");
    await mark(1, "absent");
    await mark(2, "late");
    await expect(submitReview(parentId, review)).rejects.toMatchObject({ message: CLASSROOM_MESSAGES.notEligible });
    expect(await listReviewableCourses(parentId)).toEqual([]);
    await mark(3, "present");
    expect(await listReviewableCourses(parentId)).toEqual([
      { courseId: section.courseId, courseTitle: "Test course", learnerId, learnerFirstName: "Ada" },
    ]);

    // Someone else's child, a bad rating: refused, nothing stored.
    const stranger = await newFamily(db());
    await expect(submitReview(stranger.parentId, review)).rejects.toMatchObject({ message: CLASSROOM_MESSAGES.notEligible });
    await expect(submitReview(parentId, { ...review, rating: 6 })).rejects.toMatchObject({ message: CLASSROOM_MESSAGES.ratingInvalid });
    await expect(submitReview(parentId, { ...review, rating: "x" })).rejects.toMatchObject({ message: CLASSROOM_MESSAGES.ratingInvalid });
    expect(await db().select().from(courseReviews).where(eq(courseReviews.courseId, section.courseId))).toEqual([]);

    await submitReview(parentId, review);
    await expect(submitReview(parentId, { ...review, rating: 5 })).rejects.toMatchObject({ message: CLASSROOM_MESSAGES.alreadyReviewed });
    expect(await courseRating(section.courseId)).toEqual({ average: null, count: 0 });

    const [stored] = await db().select().from(courseReviews).where(eq(courseReviews.courseId, section.courseId));
    expect(stored!.teacherId).toBe(section.teacherId);
    const support: Actor = { id: parentId, email: "s@example.com", role: "support" };
    await expect(moderateReview(parent(parentId), { reviewId: stored!.id, decision: "approved" })).rejects.toMatchObject({
      code: "forbidden",
    });
    expect(await moderateReview(support, { reviewId: stored!.id, decision: "approved" })).toEqual({
      courseSlug: expect.any(String),
      // Issue 29: the review is of the teacher whose sessions the child attended; their page is revalidated too.
      teacherSlug: expect.stringMatching(/-\d+$/),
    });
    expect(await courseRating(section.courseId)).toEqual({ average: 4, count: 1 });
    await expect(moderateReview(support, { reviewId: stored!.id, decision: "rejected" })).rejects.toMatchObject({
      message: CLASSROOM_MESSAGES.reviewNotFound,
    });
  });
});
