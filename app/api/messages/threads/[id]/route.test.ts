import { eq } from "drizzle-orm";

import { blockThread } from "@/lib/messages/moderation";
import { startThread } from "@/lib/messages/threads";
import { messages } from "@/lib/platform/db/schema";
import { updateSection } from "@/lib/scheduling/sections";
import { actionContext, actionTestDatabase } from "@/test/action-context";
import { insertActor } from "@/test/fixtures";
import { familyWithSeat, sessionOf } from "@/test/message-fixtures";
import { storedSectionInput } from "@/test/scheduling-fixtures";

import { POST } from "../../route";
import { GET } from "./route";

// The session comes from next-auth's getServerSession, as in a route handler (test/action-context.ts).
jest.mock("next/headers", () => jest.requireActual("@/test/action-context").nextHeadersMock);
jest.mock("next-auth", () => jest.requireActual("@/test/action-context").nextAuthMock());

const db = actionTestDatabase();
const ORIGIN = "http://localhost:3000";

const read = (threadId: string) =>
  GET(new Request(`${ORIGIN}/api/messages/threads/${threadId}`), { params: Promise.resolve({ id: threadId }) });
const post = (threadId: string, json: { body: unknown }) =>
  POST(
    new Request(`${ORIGIN}/api/messages`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: ORIGIN },
      body: JSON.stringify({ threadId, ...(json as object) }),
    }),
  );

/** Two families, each with a thread with its own teacher. */
async function twoFamilies() {
  const a = await familyWithSeat(db(), { parent: "Priya Rao", teacher: "Ms Lopez" });
  const b = await familyWithSeat(db(), { parent: "Sam Okafor", teacher: "Mr Chen" });
  const threadA = (await startThread(a.parent, { bookingId: a.bookingId, body: "Does Ada need a keyboard?" })).threadId;
  const threadB = (await startThread(b.parent, { bookingId: b.bookingId, body: "Call me on +1 555 0142 or mail a@b.com" })).threadId;
  return { a, b, threadA, threadB };
}

/** Issue 28: who may read and post in a thread, over the JSON routes; a refusal changes nothing. */
describe("message threads over HTTP", () => {
  afterEach(() => {
    actionContext.user = null;
  });

  it("a parent can neither read nor post in another family's thread (404 JSON); their teacher and support can read it", async () => {
    const { a, b, threadB } = await twoFamilies();
    const before = await db().select().from(messages).where(eq(messages.threadId, threadB));

    actionContext.user = sessionOf(a.parent);
    const readByStranger = await read(threadB);
    expect(readByStranger.status).toBe(404);
    expect(await readByStranger.json()).toEqual({ ok: false, message: "We could not find that conversation." });
    const postByStranger = await post(threadB, { body: "Hello from another family" });
    expect(postByStranger.status).toBe(404);
    expect((await postByStranger.json()).message).toBe("We could not find that conversation.");
    // Another family's teacher is a stranger too.
    actionContext.user = sessionOf(a.teacher);
    expect((await read(threadB)).status).toBe(404);
    expect((await post(threadB, { body: "Hi" })).status).toBe(404);
    expect(await db().select().from(messages).where(eq(messages.threadId, threadB))).toEqual(before);

    // Signed out: 401.
    actionContext.user = null;
    expect((await read(threadB)).status).toBe(401);

    // Its own family and teacher read it; the masked original is not theirs to see.
    for (const party of [b.parent, b.teacher]) {
      actionContext.user = sessionOf(party);
      const answer = await read(threadB);
      expect(answer.status).toBe(200);
      const { thread } = await answer.json();
      expect(thread.messages).toHaveLength(1);
      expect(thread.messages[0].body).not.toContain("555");
      expect(thread.messages[0].originalBody).toBeNull();
      expect(thread.messages[0].isFlagged).toBe(false);
    }

    // Support (and admins) read every thread, with the original of a masked message.
    for (const role of ["support", "admin"] as const) {
      actionContext.user = sessionOf(await insertActor(db(), role));
      for (const threadId of [threadB]) {
        const answer = await read(threadId);
        expect(answer.status).toBe(200);
        const { thread } = await answer.json();
        expect(thread.messages[0].originalBody).toBe("Call me on +1 555 0142 or mail a@b.com");
        expect(thread.messages[0].isFlagged).toBe(true);
      }
    }
  });

  it("support can step in and post as Support; the family reads it as Support's", async () => {
    const { b, threadB } = await twoFamilies();
    const support = await insertActor(db(), "support");
    actionContext.user = sessionOf(support);
    const answer = await post(threadB, { body: "Hello! Please keep contact details off the platform." });
    expect(answer.status).toBe(201);
    actionContext.user = sessionOf(b.parent);
    const { thread } = await (await read(threadB)).json();
    expect(thread.messages.map((m: { author: string }) => m.author)).toEqual(["You", "Support"]);
  });

  it("refuses an empty, an over-long and a non-JSON message, and any message to a blocked thread, each with a message", async () => {
    const { a, threadA } = await twoFamilies();
    actionContext.user = sessionOf(a.parent);
    const count = async () => (await db().select().from(messages).where(eq(messages.threadId, threadA))).length;
    const before = await count();

    const empty = await post(threadA, { body: "   " });
    expect(empty.status).toBe(400);
    expect((await empty.json()).message).toBe("Please write a message.");
    const tooLong = await post(threadA, { body: "a".repeat(2_001) });
    expect(tooLong.status).toBe(400);
    expect((await tooLong.json()).message).toBe("A message can be at most 2,000 characters.");
    expect((await post(threadA, { body: 42 })).status).toBe(400);
    // 2,000 characters exactly is fine.
    expect((await post(threadA, { body: "b".repeat(2_000) })).status).toBe(201);

    await blockThread(await insertActor(db(), "support"), threadA);
    const blocked = await post(threadA, { body: "Are you there?" });
    expect(blocked.status).toBe(409);
    expect((await blocked.json()).message).toMatch(/closed this conversation/);
    expect(await count()).toBe(before + 1);
  });

  it("issue 40: after an admin gives the section to another teacher, the old teacher gets 404 JSON on read and post, the new one reads it", async () => {
    const { a, threadA } = await twoFamilies();
    const newTeacher = await insertActor(db(), "teacher");
    await updateSection(a.sectionId, await storedSectionInput(db(), a.sectionId, { teacherId: newTeacher.id }));
    const before = await db().select().from(messages).where(eq(messages.threadId, threadA));

    actionContext.user = sessionOf(a.teacher);
    const readByOld = await read(threadA);
    expect(readByOld.status).toBe(404);
    expect(await readByOld.json()).toEqual({ ok: false, message: "We could not find that conversation." });
    const postByOld = await post(threadA, { body: "I still teach this" });
    expect(postByOld.status).toBe(404);
    expect((await postByOld.json()).message).toBe("We could not find that conversation.");
    expect(await db().select().from(messages).where(eq(messages.threadId, threadA))).toEqual(before);

    actionContext.user = sessionOf(newTeacher);
    const readByNew = await read(threadA);
    expect(readByNew.status).toBe(200);
    expect((await readByNew.json()).thread.messages).toHaveLength(1);
    expect((await post(threadA, { body: "Hello, I teach the class now." })).status).toBe(201);
  });

  it("refuses a cross-site post", async () => {
    const { a, threadA } = await twoFamilies();
    actionContext.user = sessionOf(a.parent);
    const answer = await POST(
      new Request(`${ORIGIN}/api/messages`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: "https://evil.example" },
        body: JSON.stringify({ threadId: threadA, body: "hi" }),
      }),
    );
    expect(answer.status).toBe(403);
  });
});
