import { randomUUID } from "node:crypto";

import { eq } from "drizzle-orm";

import type { Actor } from "@/lib/platform/auth/permissions";
import type { Role } from "@/lib/platform/auth/roles";
import { classroomChatMessages, users } from "@/lib/platform/db/schema";
import { actionTestDatabase } from "@/test/action-context";
import { dailySection, paidSeat } from "@/test/classroom-fixtures";
import { addChild, newFamily } from "@/test/commerce-fixtures";
import { startJanus, type StartedJanus } from "@/scripts/janus.mjs";

import { postClassroomChat, readClassroomChat, sessionChatTranscript } from "./chat";
import type { LearnerPerson } from "./classroom-access";
import { listFlaggedNotes } from "./flagged-notes";
import { classroomControl, enterClassroom } from "./live-room";
import { useMediaServer } from "./media-server";
import { CLASSROOM_MESSAGES } from "./schema";

jest.mock("next/headers", () => jest.requireActual("@/test/action-context").nextHeadersMock);
jest.mock("next-auth", () => jest.requireActual("@/test/action-context").nextAuthMock());

/**
 * Issue 43: the class chat. Everyone in the room reads every message; only people admitted to the
 * room post or read; each message is screened as family–teacher messages are (contact details
 * masked, flagged for support's safety queue with what was typed) and kept with the session, read
 * afterwards by the section's teacher, support and admins.
 */
const db = actionTestDatabase();
const MINUTE = 60_000;

let janus: StartedJanus;
beforeAll(async () => {
  const started = await startJanus({ log: () => undefined });
  if (!started.url) throw new Error(`janus did not start: ${"reason" in started ? started.reason : ""}`);
  janus = started as StartedJanus;
  useMediaServer({ url: janus.url, tokenSecret: janus.env.JANUS_TOKEN_SECRET, adminKey: janus.env.JANUS_ADMIN_KEY });
}, 30_000);
afterAll(async () => {
  useMediaServer(undefined);
  await janus?.stop();
});

const as = (id: number, role: Role = "student"): Actor => ({ id, email: `u${id}@example.com`, role });
const childOf = (family: { parentId: number; learnerId: number }, firstName: string): LearnerPerson => ({
  kind: "learner",
  learnerId: family.learnerId,
  parentId: family.parentId,
  firstName,
});

async function newUser(role: Role) {
  const [user] = await db()
    .insert(users)
    .values({ firebaseUid: `test-${randomUUID()}`, email: `${role}-${randomUUID().slice(0, 8)}@example.com`, role })
    .returning({ id: users.id });
  return user!.id;
}

/** A session starting now with two families holding seats (Ada's parent, and Ben on his own sign-in) and their teacher in the room. */
async function classInSession() {
  const { section, start } = await dailySection(db(), 0);
  const bought = new Date(start.getTime() - 60 * MINUTE);
  const ana = await paidSeat(db(), section, await newFamily(db()), bought);
  const benFamily = await newFamily(db());
  const ben = await paidSeat(
    db(),
    section,
    { parentId: benFamily.parentId, learnerId: await addChild(db(), benFamily.parentId, "Ben") },
    bought,
  );
  const teacher = as(section.teacherId, "teacher");
  await db().update(users).set({ displayName: "Ms Rivera" }).where(eq(users.id, section.teacherId));
  await enterClassroom(teacher, section.id);
  return { section, start, teacher, ana: as(ana.parentId), ben: childOf(ben, "Ben"), benParentId: ben.parentId };
}

describe("the class chat, in the room", () => {
  it("goes to everyone admitted: the teacher, a parent and a child on their own sign-in read each other's messages", async () => {
    const { section, teacher, ana, ben, benParentId } = await classInSession();
    for (const family of [ana, ben]) await enterClassroom(family, section.id);
    await classroomControl(teacher, section.id, { action: "admit-all" });
    for (const family of [ana, ben]) await enterClassroom(family, section.id);

    await postClassroomChat(teacher, section.id, { body: "Welcome! Open Scratch, please." });
    const posted = await postClassroomChat(ben, section.id, { body: "  I'm ready  " });
    expect(posted).toMatchObject({ isMasked: false, message: { author: "Ben", role: "learner", body: "I'm ready", mine: true } });
    await postClassroomChat(ana, section.id, { body: "Me too" });

    for (const reader of [teacher, ana, ben]) {
      const lines = await readClassroomChat(reader, section.id, {});
      expect(lines.map((l) => [l.author, l.body])).toEqual([
        ["Ms Rivera (teacher)", "Welcome! Open Scratch, please."],
        ["Ben", "I'm ready"],
        ["Ada", "Me too"],
      ]);
    }
    // "Mine" is the author's own session: Ben's, not his parent's account.
    expect((await readClassroomChat(ben, section.id, {})).map((l) => l.mine)).toEqual([false, true, false]);
    await enterClassroom(as(benParentId), section.id);
    expect((await readClassroomChat(as(benParentId), section.id, {})).map((l) => l.mine)).toEqual([false, false, false]);
    // Only what came after the last one the page has.
    const [first] = await readClassroomChat(ana, section.id, {});
    expect((await readClassroomChat(ana, section.id, { after: String(first!.id) })).map((l) => l.body)).toEqual(["I'm ready", "Me too"]);
  });

  it("is closed to a family still waiting, a stranger and a removed learner, who can neither post nor read", async () => {
    const { section, teacher, ana, ben } = await classInSession();
    await enterClassroom(ana, section.id);
    const notIn = { code: "forbidden", message: CLASSROOM_MESSAGES.notInClassroom };
    // Waiting for the teacher: not in the room yet.
    await expect(postClassroomChat(ana, section.id, { body: "hello?" })).rejects.toMatchObject(notIn);
    await expect(readClassroomChat(ana, section.id, {})).rejects.toMatchObject(notIn);
    // A parent without a seat learns nothing of the class.
    const stranger = as((await newFamily(db())).parentId);
    await expect(postClassroomChat(stranger, section.id, { body: "hi" })).rejects.toMatchObject({ message: CLASSROOM_MESSAGES.notBooked });
    await expect(readClassroomChat(stranger, section.id, {})).rejects.toMatchObject({ message: CLASSROOM_MESSAGES.notBooked });

    await enterClassroom(ben, section.id);
    await classroomControl(teacher, section.id, { action: "admit-all" });
    await enterClassroom(ben, section.id);
    await postClassroomChat(ben, section.id, { body: "first" });
    await classroomControl(teacher, section.id, { action: "remove", userId: ben.parentId });
    const removed = { code: "forbidden", message: CLASSROOM_MESSAGES.removedFromClass };
    await expect(postClassroomChat(ben, section.id, { body: "let me back" })).rejects.toMatchObject(removed);
    await expect(readClassroomChat(ben, section.id, {})).rejects.toMatchObject(removed);
    // Nothing was written by the refused attempts.
    expect(await db().select().from(classroomChatMessages).where(eq(classroomChatMessages.body, "let me back"))).toEqual([]);
    // Once the teacher ends the class, nobody posts in it.
    await classroomControl(teacher, section.id, { action: "end" });
    await expect(postClassroomChat(teacher, section.id, { body: "bye" })).rejects.toMatchObject({ message: CLASSROOM_MESSAGES.classEnded });
  });

  it("refuses an empty or too long message, and a flood, with a message", async () => {
    const { section, teacher } = await classInSession();
    await expect(postClassroomChat(teacher, section.id, { body: "   " })).rejects.toMatchObject({
      code: "invalid",
      message: CLASSROOM_MESSAGES.chatEmpty,
    });
    await expect(postClassroomChat(teacher, section.id, { body: "x".repeat(501) })).rejects.toMatchObject({
      code: "invalid",
      message: CLASSROOM_MESSAGES.chatTooLong,
    });
    const now = new Date();
    for (let i = 0; i < 20; i++) await postClassroomChat(teacher, section.id, { body: `step ${i}` }, now);
    await expect(postClassroomChat(teacher, section.id, { body: "one more" }, now)).rejects.toMatchObject({
      code: "rate-limited",
      message: CLASSROOM_MESSAGES.chatTooFast,
    });
  });
});

describe("screening and keeping the class chat", () => {
  it("masks a phone number (also one split over messages), flags it for support's queue with what was typed, and keeps it with the session", async () => {
    const { section, start, teacher, ana } = await classInSession();
    await enterClassroom(ana, section.id);
    await classroomControl(teacher, section.id, { action: "admit-all" });
    await enterClassroom(ana, section.id);

    const phone = await postClassroomChat(ana, section.id, { body: "call me at 555 123 4567" });
    expect(phone.isMasked).toBe(true);
    expect(phone.message.body).not.toMatch(/555|4567/);
    // Digits spread over the author's messages count together, as in family–teacher messages.
    await postClassroomChat(ana, section.id, { body: "my number starts 555 12" });
    const split = await postClassroomChat(ana, section.id, { body: "then 3 4567" });
    expect(split.message.body).not.toContain("4567");

    // The room never reads what was typed.
    const read = await readClassroomChat(teacher, section.id, {});
    expect(JSON.stringify(read)).not.toContain("555 123 4567");

    // Support's queue: the flagged message, what was typed, and the session's chat.
    const support = as(await newUser("support"), "support");
    const queue = (await listFlaggedNotes(support)).filter((n) => n.kind === "classroom-chat" && n.courseTitle && n.chat?.author === "Ada");
    const flagged = queue.find((n) => n.originalCovered === "call me at 555 123 4567");
    expect(flagged).toMatchObject({ covered: phone.message.body, chat: { author: "Ada" } });
    expect(flagged!.reasons.length).toBeGreaterThan(0);
    expect(flagged!.chat!.transcriptPath).toBe(`/classroom/${section.id}/chat?session=${encodeURIComponent(start.toISOString())}`);

    // Afterwards: the section's teacher reads the chat (masked only), support and admins with what was typed.
    const session = { sectionId: section.id, sessionStartsAt: start.toISOString() };
    const forTeacher = await sessionChatTranscript(teacher, session);
    expect(forTeacher.map((l) => l.body)).toEqual(read.map((l) => l.body));
    expect(forTeacher.every((l) => l.original === null && !l.flagged)).toBe(true);
    const forSupport = await sessionChatTranscript(support, session);
    expect(forSupport[0]).toMatchObject({ author: "Ada", flagged: true, original: "call me at 555 123 4567" });
    const admin = as(await newUser("admin"), "admin");
    expect(await sessionChatTranscript(admin, session)).toHaveLength(3);
    // Nobody else: not a family of the class, not another teacher.
    const refused = { code: "forbidden", message: CLASSROOM_MESSAGES.chatNotYours };
    await expect(sessionChatTranscript(ana, session)).rejects.toMatchObject(refused);
    await expect(sessionChatTranscript(as(await newUser("teacher"), "teacher"), session)).rejects.toMatchObject(refused);
    // Kept with the session: the section's next session starts with an empty chat.
    const tomorrow = { sectionId: section.id, sessionStartsAt: new Date(start.getTime() + 1440 * MINUTE).toISOString() };
    expect(await sessionChatTranscript(teacher, tomorrow)).toEqual([]);
  });
});
