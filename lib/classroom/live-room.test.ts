import { randomUUID } from "node:crypto";

import { eq } from "drizzle-orm";

import { setLearnerSignIn } from "@/lib/learner-access/sign-ins";
import { encodeLearnerCookie, LEARNER_COOKIE } from "@/lib/platform/auth/learner-cookie";
import type { Actor } from "@/lib/platform/auth/permissions";
import type { Role } from "@/lib/platform/auth/roles";
import { bookings, classroomPresence, learnerSignIns, sections, sessionChanges, users } from "@/lib/platform/db/schema";
import { actionContext, actionTestDatabase } from "@/test/action-context";
import { paidSeat } from "@/test/classroom-fixtures";
import { addChild, newFamily, newSection } from "@/test/commerce-fixtures";
import { startJanus, type StartedJanus } from "@/scripts/janus.mjs";

import { GET as enterRoute } from "@/app/api/classroom/[section]/route";
import { POST as controlRoute } from "@/app/api/classroom/[section]/control/route";
import { POST as heartbeatRoute } from "@/app/api/classroom/[section]/heartbeat/route";
import { GET as mediaGet, POST as mediaPost } from "@/app/api/classroom/media/[[...path]]/route";

import { getAttendanceSheet } from "./attendance";
import { classroomAccess } from "./classroom-access";
import { resolveJoinUrl } from "./join";
import { classroomControl, classroomHeartbeat, classroomRoster, enterClassroom, sessionJoinLog } from "./live-room";
import { signedJanusToken, useMediaServer, type MediaServer } from "./media-server";
import { CLASSROOM_MESSAGES } from "./schema";
import { useTurnServer } from "./turn";

jest.mock("next/headers", () => jest.requireActual("@/test/action-context").nextHeadersMock);
jest.mock("next-auth", () => jest.requireActual("@/test/action-context").nextAuthMock());

const db = actionTestDatabase();
const MINUTE = 60_000;

let janus: StartedJanus;
let server: MediaServer;
beforeAll(async () => {
  const started = await startJanus({ log: () => undefined });
  if (!started.url) throw new Error(`janus did not start: ${"reason" in started ? started.reason : ""}`);
  janus = started as StartedJanus;
  server = { url: janus.url, tokenSecret: janus.env.JANUS_TOKEN_SECRET, adminKey: janus.env.JANUS_ADMIN_KEY };
  useMediaServer(server);
}, 30_000);
afterAll(async () => {
  useMediaServer(undefined);
  await janus?.stop();
});

const as = (id: number, role: Role = "student"): Actor => ({ id, email: `u${id}@example.com`, role });

async function newUser(role: Role) {
  const [user] = await db()
    .insert(users)
    .values({ firebaseUid: `test-${randomUUID()}`, email: `${role}-${randomUUID().slice(0, 8)}@example.com`, role })
    .returning({ id: users.id });
  return user!.id;
}

/** A section meeting every day in UTC, its session today starting `startsInMinutes` from now (60 minutes long). */
async function dailySection(startsInMinutes: number) {
  const sectionId = await newSection(db());
  const start = new Date(Math.floor((Date.now() + startsInMinutes * MINUTE) / MINUTE) * MINUTE);
  await db()
    .update(sections)
    .set({
      startsOn: start.toISOString().slice(0, 10),
      startMinute: start.getUTCHours() * 60 + start.getUTCMinutes(),
      timezone: "UTC",
      rrule: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR,SA,SU",
    })
    .where(eq(sections.id, sectionId));
  const [section] = await db().select().from(sections).where(eq(sections.id, sectionId));
  return { section: section!, start };
}

/**
 * A family's seat in the section: a confirmed one paid through checkout an hour before today's
 * session (so it holds that session: seat_sessions), or a withdrawn (cancelled) booking.
 */
async function seat(
  section: typeof sections.$inferSelect,
  status: "confirmed" | "cancelled" = "confirmed",
  existing?: { parentId: number; learnerId: number },
) {
  const family = existing ?? (await newFamily(db()));
  if (status === "confirmed") {
    const todayStart = Date.parse(`${section.startsOn}T00:00:00Z`) + section.startMinute * MINUTE;
    return paidSeat(db(), section, family, new Date(todayStart - 60 * MINUTE));
  }
  await db()
    .insert(bookings)
    .values({
      kind: "seat",
      learnerId: family.learnerId,
      teacherId: section.teacherId,
      sectionId: section.id,
      courseId: section.courseId,
      startsAt: new Date(),
      endsAt: new Date(Date.now() + 3_600_000),
      status,
      token: randomUUID(),
    });
  return family;
}

/** Tries to join the Janus room as a publisher with these tokens, as a browser would: "joined", or Janus' error code. */
async function tryJoin(room: string, roomToken: string, janusToken: string, id: string): Promise<string | number> {
  const post = async (path: string, body: object) =>
    (await (
      await fetch(`${server.url}${path}`, {
        method: "POST",
        body: JSON.stringify({ ...body, transaction: randomUUID(), token: janusToken }),
      })
    ).json()) as { janus: string; data?: { id: number }; error?: { code: number } };
  const session = await post("", { janus: "create" });
  if (session.janus === "error") return session.error!.code;
  const handle = await post(`/${session.data!.id}`, { janus: "attach", plugin: "janus.plugin.videoroom" });
  await post(`/${session.data!.id}/${handle.data!.id}`, {
    janus: "message",
    body: { request: "join", ptype: "publisher", room, id, token: roomToken, display: "test" },
  });
  for (let i = 0; i < 5; i++) {
    const events = (await (await fetch(`${server.url}/${session.data!.id}?maxev=5&token=${encodeURIComponent(janusToken)}`)).json()) as
      | { plugindata?: { data: { videoroom?: string; error_code?: number } } }
      | { plugindata?: { data: { videoroom?: string; error_code?: number } } }[];
    for (const event of Array.isArray(events) ? events : [events]) {
      const data = event.plugindata?.data;
      if (data?.videoroom === "joined") return "joined";
      if (data?.error_code) return data.error_code;
    }
  }
  return "no answer";
}

describe("who gets into a session's classroom, and when", () => {
  it("its teacher, the families holding a seat and staff observers, from 10 minutes before the start to the end plus the grace period", async () => {
    const { section, start } = await dailySection(60);
    const family = await seat(section);
    const withdrawn = await seat(section, "cancelled");
    const stranger = await newFamily(db());
    const support = await newUser("support");
    const otherTeacher = await newUser("teacher");
    const at = (minutes: number) => new Date(start.getTime() + minutes * MINUTE);

    expect((await classroomAccess(as(section.teacherId, "teacher"), section.id, at(-10))).role).toBe("teacher");
    const learner = await classroomAccess(as(family.parentId), section.id, at(-10));
    expect(learner).toMatchObject({ role: "learner", learnerNames: ["Ada"], where: { kind: "classroom" } });
    expect((await classroomAccess(as(support, "support"), section.id, at(30))).role).toBe("observer");
    // The end (60 min) plus the 15 minutes' grace.
    expect((await classroomAccess(as(family.parentId), section.id, at(74))).role).toBe("learner");

    for (const minutes of [-11, 76]) {
      await expect(classroomAccess(as(family.parentId), section.id, at(minutes))).rejects.toMatchObject({
        code: "conflict",
        message: CLASSROOM_MESSAGES.joinNotOpen,
      });
    }
    for (const outsider of [as(stranger.parentId), as(withdrawn.parentId), as(otherTeacher, "teacher")]) {
      await expect(classroomAccess(outsider, section.id, at(0))).rejects.toMatchObject({
        code: "forbidden",
        message: CLASSROOM_MESSAGES.notBooked,
      });
    }
    await expect(classroomAccess(null, section.id, at(0))).rejects.toMatchObject({ code: "unauthenticated" });
    await expect(classroomAccess(as(family.parentId), 999_999, at(0))).rejects.toMatchObject({ code: "forbidden" });

    // A closed section: its family hears so; a stranger hears only "not yours".
    await db().update(sections).set({ status: "closed" }).where(eq(sections.id, section.id));
    await expect(classroomAccess(as(family.parentId), section.id, at(0))).rejects.toMatchObject({
      message: CLASSROOM_MESSAGES.sectionClosed,
    });
    await expect(classroomAccess(as(stranger.parentId), section.id, at(0))).rejects.toMatchObject({
      message: CLASSROOM_MESSAGES.notBooked,
    });
  });

  it("skips a cancelled session, follows a moved one, and keeps the outside link for a section's own link or without a media server", async () => {
    const { section, start } = await dailySection(60);
    const family = await seat(section);
    await db().insert(sessionChanges).values({ sectionId: section.id, originalStartsAt: start, kind: "cancelled", sequence: 1 });
    await expect(classroomAccess(as(family.parentId), section.id, start)).rejects.toMatchObject({
      message: CLASSROOM_MESSAGES.joinNotOpen,
    });

    const moved = await dailySection(60);
    const movedFamily = await seat(moved.section);
    const newStart = new Date(moved.start.getTime() + 3 * 60 * MINUTE);
    await db()
      .insert(sessionChanges)
      .values({
        sectionId: moved.section.id,
        originalStartsAt: moved.start,
        kind: "moved",
        startsAt: newStart,
        endsAt: new Date(newStart.getTime() + 60 * MINUTE),
        sequence: 1,
      });
    await expect(classroomAccess(as(movedFamily.parentId), moved.section.id, moved.start)).rejects.toMatchObject({
      message: CLASSROOM_MESSAGES.joinNotOpen,
    });
    const atNewTime = await classroomAccess(as(movedFamily.parentId), moved.section.id, newStart);
    expect(atNewTime.session.startsAt).toBe(newStart.toISOString());

    await db().update(sections).set({ meetingUrl: "https://meet.example.org/own-room" }).where(eq(sections.id, moved.section.id));
    expect((await classroomAccess(as(movedFamily.parentId), moved.section.id, newStart)).where).toEqual({
      kind: "outside",
      url: "https://meet.example.org/own-room",
      reason: "section-link",
    });
    useMediaServer(null);
    try {
      const { section: live } = await dailySection(0);
      const liveFamily = await seat(live);
      expect(await enterClassroom(as(liveFamily.parentId), live.id)).toMatchObject({ kind: "outside", reason: "media-server-unavailable" });
    } finally {
      useMediaServer(server);
    }
  });
});

describe("the Join button's route", () => {
  it("leads to our classroom page, unless the section has its own meeting link", async () => {
    const { section } = await dailySection(5);
    const family = await seat(section);
    expect(await resolveJoinUrl(as(family.parentId), { section: section.id })).toBe(`/classroom/${section.id}`);
    await db().update(sections).set({ meetingUrl: "https://meet.example.org/licensed" }).where(eq(sections.id, section.id));
    expect(await resolveJoinUrl(as(family.parentId), { section: section.id })).toBe("https://meet.example.org/licensed");
  });
});

describe("the classroom on the media server", () => {
  it("lets the teacher in, keeps families waiting until admitted, and a removed family out for the session", async () => {
    const { section } = await dailySection(-5);
    const ada = await seat(section);
    const bo = await seat(section);
    await seat(section, "confirmed", { parentId: bo.parentId, learnerId: await addChild(db(), bo.parentId, "Bea") });
    const teacher = as(section.teacherId, "teacher");

    useTurnServer({ urls: ["turns:turn.example.org:5349"], secret: "coturn-static-auth-secret-for-tests" });
    const teacherEntry = await enterClassroom(teacher, section.id);
    useTurnServer(undefined);
    expect(teacherEntry).toMatchObject({ kind: "classroom", role: "teacher", state: "admitted" });
    if (teacherEntry.kind !== "classroom" || !teacherEntry.media) throw new Error("no media");
    const { room } = teacherEntry.media;
    expect(JSON.stringify(teacherEntry)).not.toContain(server.adminKey);
    // The TURN server with the teacher's own credential, ending when the classroom closes; never the secret.
    expect(teacherEntry.media.iceServers).toEqual([
      {
        urls: ["turns:turn.example.org:5349"],
        username: `${Math.floor(Date.parse(teacherEntry.closesAt) / 1000)}:${teacherEntry.media.participantId}`,
        credential: expect.any(String),
      },
    ]);
    expect(JSON.stringify(teacherEntry)).not.toContain("coturn-static-auth-secret-for-tests");
    expect(await tryJoin(room, teacherEntry.media.roomToken, teacherEntry.media.janusToken, teacherEntry.media.participantId)).toBe(
      "joined",
    );

    const waiting = await enterClassroom(as(ada.parentId), section.id);
    expect(waiting).toMatchObject({ kind: "classroom", role: "learner", state: "waiting", display: "Ada" });
    expect("media" in waiting && waiting.media).toBeFalsy();
    // The token it will get is not on the room's list yet: joining with it (read from the database) is refused.
    const [adaPresence] = await db().select().from(classroomPresence).where(eq(classroomPresence.userId, ada.parentId));
    expect(await tryJoin(room, adaPresence!.token, teacherEntry.media.janusToken, "intruder")).toBe(433);

    // A learner cannot admit, nor use any other control.
    await expect(classroomControl(as(ada.parentId), section.id, { action: "admit", userId: ada.parentId })).rejects.toMatchObject({
      code: "forbidden",
      message: CLASSROOM_MESSAGES.teacherOnly,
    });

    await classroomControl(teacher, section.id, { action: "admit", userId: ada.parentId });
    const admitted = await enterClassroom(as(ada.parentId), section.id);
    if (admitted.kind !== "classroom" || !admitted.media) throw new Error("not admitted");
    expect(await tryJoin(room, admitted.media.roomToken, admitted.media.janusToken, admitted.media.participantId)).toBe("joined");
    // A made-up room token or a Janus token not signed by the app gets nowhere.
    expect(await tryJoin(room, "0".repeat(32), admitted.media.janusToken, "forger")).toBe(433);
    expect(await tryJoin(room, admitted.media.roomToken, `${admitted.media.janusToken.split(":")[0]}:forged`, "forger2")).toBe(403);
    expect(await tryJoin(room, admitted.media.roomToken, signedJanusToken(server, new Date(Date.now() - 1000)), "late")).toBe(403);

    // "Admit everyone": the other family (still to come) goes straight in.
    await classroomControl(teacher, section.id, { action: "admit-all" });
    expect(await enterClassroom(as(bo.parentId), section.id)).toMatchObject({ state: "admitted", display: "Ada & Bea" });

    // "Mute all": recorded for each family in the room, whose page hears of it with its next heartbeat.
    await classroomControl(teacher, section.id, { action: "mute-all" });
    expect(await classroomHeartbeat(as(bo.parentId), section.id)).toMatchObject({
      state: "admitted",
      muted: { audio: true, video: false },
    });

    // Removed: out of the room, its token off the list, and no way back this session.
    await classroomControl(teacher, section.id, { action: "remove", userId: ada.parentId });
    await expect(enterClassroom(as(ada.parentId), section.id)).rejects.toMatchObject({
      code: "forbidden",
      message: CLASSROOM_MESSAGES.removedFromClass,
    });
    expect(await tryJoin(room, admitted.media.roomToken, admitted.media.janusToken, "back-again")).toBe(433);
    expect(await classroomHeartbeat(as(ada.parentId), section.id)).toMatchObject({ state: "removed" });

    const roster = await classroomRoster(teacher, section.id);
    expect(roster.map((r) => [r.name, r.status])).toEqual([
      ["Ada", "removed"],
      ["Ada & Bea", "in"],
    ]);
    await expect(classroomRoster(as(bo.parentId), section.id)).rejects.toMatchObject({ code: "forbidden" });
  });

  it("keeps a join log from heartbeats that pre-fills attendance, and ends the class for everyone", async () => {
    const { section, start } = await dailySection(-3);
    const family = await seat(section);
    const absent = await seat(section);
    const teacher = as(section.teacherId, "teacher");
    await enterClassroom(teacher, section.id);
    await classroomControl(teacher, section.id, { action: "admit-all" });
    await enterClassroom(as(family.parentId), section.id);
    const t0 = new Date();
    await classroomHeartbeat(as(family.parentId), section.id, t0);
    await classroomHeartbeat(as(family.parentId), section.id, new Date(t0.getTime() + 30_000));
    await classroomHeartbeat(as(family.parentId), section.id, new Date(t0.getTime() + 60_000));
    // A gap longer than 45 s is time away, not time present.
    await classroomHeartbeat(as(family.parentId), section.id, new Date(t0.getTime() + 5 * 60_000));
    const log = await sessionJoinLog(section.id, start, [family.parentId]);
    expect(log.get(family.parentId)).toEqual({ firstJoinedAt: t0.toISOString(), minutesPresent: 1 });

    // The attendance sheet suggests present (joined within 5 minutes of the start) and absent (never joined) until the teacher saves.
    const sheet = await getAttendanceSheet(teacher, section.id, undefined, new Date(t0.getTime() + 5 * 60_000));
    expect(sheet.session?.startsAt).toBe(start.toISOString());
    expect(sheet.roster.find((l) => l.learnerId === family.learnerId)).toMatchObject({
      status: null,
      suggested: "present",
      joined: { firstJoinedAt: t0.toISOString(), minutesPresent: 1 },
    });
    expect(sheet.roster.find((l) => l.learnerId === absent.learnerId)).toMatchObject({ status: null, suggested: "absent", joined: null });

    await classroomControl(teacher, section.id, { action: "end" });
    await expect(enterClassroom(as(family.parentId), section.id)).rejects.toMatchObject({
      code: "conflict",
      message: CLASSROOM_MESSAGES.classEnded,
    });
    expect(await classroomHeartbeat(as(family.parentId), section.id)).toMatchObject({ state: "ended" });
  });
});

describe("the classroom's routes", () => {
  const signIn = (databaseId: number, role: Role = "student") => {
    actionContext.user = {
      id: `uid-${databaseId}`,
      name: null,
      email: `u${databaseId}@example.com`,
      displayName: null,
      photoURL: null,
      role,
      databaseId,
      emailVerified: true,
    };
  };
  const ctx = (section: string | number) => ({ params: Promise.resolve({ section: String(section) }) });
  const get = (section: string | number) => enterRoute(new Request(`http://localhost:3000/api/classroom/${section}`), ctx(section));
  const post = (section: number, body: unknown) =>
    controlRoute(
      new Request(`http://localhost:3000/api/classroom/${section}/control`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: "http://localhost:3000" },
        body: JSON.stringify(body),
      }),
      ctx(section),
    );

  it("answers 4xx JSON for a stranger, a bad id, a class not open yet, a cancelled session and a learner's control", async () => {
    const { section, start } = await dailySection(-5);
    const family = await seat(section);
    actionContext.user = null;
    expect((await get(section.id)).status).toBe(401);

    signIn(family.parentId);
    for (const id of ["abc", "0", "1e3", "-4"]) {
      const response = await get(id);
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ message: CLASSROOM_MESSAGES.notBooked });
    }
    const entered = await get(section.id);
    expect(entered.status).toBe(200);
    expect((await entered.json()).entry).toMatchObject({ kind: "classroom", state: "waiting" });

    const learnerControl = await post(section.id, { action: "mute-all" });
    expect(learnerControl.status).toBe(403);
    expect(await learnerControl.json()).toMatchObject({ message: CLASSROOM_MESSAGES.teacherOnly });

    signIn(section.teacherId, "teacher");
    const unknown = await post(section.id, { action: "explode" });
    expect(unknown.status).toBe(400);
    const notInClass = await post(section.id, { action: "remove", userId: 999_999 });
    expect(notInClass.status).toBe(400);
    expect(await notInClass.json()).toMatchObject({ message: CLASSROOM_MESSAGES.personNotInClassroom });

    const later = await dailySection(120);
    const laterFamily = await seat(later.section);
    signIn(laterFamily.parentId);
    const early = await get(later.section.id);
    expect(early.status).toBe(409);
    expect(await early.json()).toMatchObject({ message: CLASSROOM_MESSAGES.joinNotOpen });

    await db().insert(sessionChanges).values({ sectionId: section.id, originalStartsAt: start, kind: "cancelled", sequence: 1 });
    signIn(family.parentId);
    const cancelled = await get(section.id);
    expect(cancelled.status).toBe(409);

    const heartbeat = await heartbeatRoute(
      new Request(`http://localhost:3000/api/classroom/${later.section.id}/heartbeat`, { method: "POST" }),
      ctx(later.section.id),
    );
    expect(heartbeat.status).toBe(403);
  });

  it("passes the media server's API through for signed-in people, refusing a forged or expired pass with a 403 JSON", async () => {
    const mediaCtx = (path: string[] = []) => ({ params: Promise.resolve({ path }) });
    const create = (token: string) =>
      mediaPost(
        new Request("http://localhost:3000/api/classroom/media", {
          method: "POST",
          headers: { origin: "http://localhost:3000" },
          body: JSON.stringify({ janus: "create", transaction: "t1", token }),
        }),
        mediaCtx(),
      );
    actionContext.user = null;
    expect((await create(signedJanusToken(server, new Date(Date.now() + 60_000)))).status).toBe(401);
    signIn(await newUser("student"));
    const good = await create(signedJanusToken(server, new Date(Date.now() + 60_000)));
    expect(good.status).toBe(200);
    expect(await good.json()).toMatchObject({ janus: "success" });
    for (const token of [signedJanusToken(server, new Date(Date.now() - 1000)), "9999999999,janus,janus.plugin.videoroom:Zm9yZ2Vk"]) {
      const refused = await create(token);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ message: expect.stringContaining("not valid or has expired") });
    }
    expect(
      (await mediaGet(new Request("http://localhost:3000/api/classroom/media/x/../admin"), mediaCtx(["x", "..", "admin"]))).status,
    ).toBe(404);
  });
});

describe("a child on their own sign-in in the room (issue 44)", () => {
  const ctx = (section: number) => ({ params: Promise.resolve({ section: String(section) }) });
  const signInChild = async (family: { parentId: number; learnerId: number }) => {
    await setLearnerSignIn(family.parentId, family.learnerId, {
      kind: "pictures",
      username: `kid${randomUUID().slice(0, 8)}`,
      pictures: ["cat", "sun", "tree"],
      consent: true,
    });
    const [row] = await db().select().from(learnerSignIns).where(eq(learnerSignIns.learnerId, family.learnerId));
    return { [LEARNER_COOKIE]: encodeLearnerCookie({ learnerId: family.learnerId, version: row!.sessionVersion }) };
  };

  it("comes in through the room's route as themselves (their name, their id and token in the room); a sibling without a seat is refused", async () => {
    const { section } = await dailySection(-5);
    const family = await seat(section);
    const bo = { parentId: family.parentId, learnerId: await addChild(db(), family.parentId, "Bo") };
    const [adaCookie, boCookie] = [await signInChild(family), await signInChild(bo)];
    const teacher = as(section.teacherId, "teacher");
    const teacherEntry = await enterClassroom(teacher, section.id);
    if (teacherEntry.kind !== "classroom" || !teacherEntry.media) throw new Error("no media");
    await classroomControl(teacher, section.id, { action: "admit-all" });
    const parentEntry = await enterClassroom(as(family.parentId), section.id);
    if (parentEntry.kind !== "classroom" || !parentEntry.media) throw new Error("parent not admitted");
    try {
      actionContext.user = null;
      actionContext.cookies = adaCookie;
      const answer = await enterRoute(new Request(`http://localhost:3000/api/classroom/${section.id}`), ctx(section.id));
      expect(answer.status).toBe(200);
      const { entry } = (await answer.json()) as { entry: Awaited<ReturnType<typeof enterClassroom>> };
      expect(entry).toMatchObject({ kind: "classroom", role: "learner", state: "admitted", display: "Ada" });
      if (entry.kind !== "classroom" || !entry.media) throw new Error("child not admitted");
      // The child's own place in the room, beside (not instead of) the parent's.
      expect(entry.media.participantId).not.toBe(parentEntry.media.participantId);
      expect(entry.media.roomToken).not.toBe(parentEntry.media.roomToken);
      const [presence] = await db().select().from(classroomPresence).where(eq(classroomPresence.learnerId, family.learnerId));
      expect(presence).toMatchObject({ userId: family.parentId, role: "learner", token: entry.media.roomToken });
      expect(await tryJoin(entry.media.room, entry.media.roomToken, entry.media.janusToken, entry.media.participantId)).toBe("joined");
      // The child's session passes the media server's API through, with the pass the app signed.
      const media = await mediaPost(
        new Request("http://localhost:3000/api/classroom/media", {
          method: "POST",
          headers: { origin: "http://localhost:3000" },
          body: JSON.stringify({ janus: "create", transaction: "t1", token: entry.media.janusToken }),
        }),
        { params: Promise.resolve({}) },
      );
      expect(media.status).toBe(200);

      // Her brother, signed in on his own, has no seat: refused, and never his sister's room.
      actionContext.cookies = boCookie;
      const refused = await enterRoute(new Request(`http://localhost:3000/api/classroom/${section.id}`), ctx(section.id));
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ message: CLASSROOM_MESSAGES.notBooked });

      // The teacher removes the family: the child's session is out too, its token off the room's list.
      await classroomControl(teacher, section.id, { action: "remove", userId: family.parentId });
      actionContext.cookies = adaCookie;
      const heartbeat = await heartbeatRoute(
        new Request(`http://localhost:3000/api/classroom/${section.id}/heartbeat`, {
          method: "POST",
          headers: { origin: "http://localhost:3000" },
        }),
        ctx(section.id),
      );
      expect(await heartbeat.json()).toMatchObject({ state: "removed" });
      expect(await tryJoin(entry.media.room, entry.media.roomToken, entry.media.janusToken, "child-again")).toBe(433);
      expect((await classroomRoster(teacher, section.id)).map((r) => [r.name, r.status])).toEqual([["Ada", "removed"]]);
    } finally {
      actionContext.cookies = {};
    }
  });
});
