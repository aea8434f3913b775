import { eq } from "drizzle-orm";

import { EMAIL_TOPIC } from "@/lib/notifications/email";
import type { Actor } from "@/lib/platform/auth/permissions";
import { courseProposals, courses, outbox } from "@/lib/platform/db/schema";
import { openTestDatabase } from "@/test/database";
import { deliverEvents, markReactionsUndelivered } from "@/test/events";
import { insertActor } from "@/test/fixtures";

import { PROPOSAL_MESSAGES } from "./course-proposal-schema";
import { decideProposal, listOwnProposals, listPendingProposals, proposeCourse } from "./course-proposals";
import { listTeacherCourses } from "./courses";

/** Issue 38: a teacher proposes a new course; an admin accepts it (the teacher teaches it) or returns it with a note. */

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let teacher: Actor;
let admin: Actor;
beforeAll(async () => {
  database = await openTestDatabase();
  teacher = await insertActor(database.db, "teacher");
  admin = await insertActor(database.db, "admin");
});
afterAll(() => database.dispose());
const db = () => database.db;

const proposal = (overrides: Record<string, unknown> = {}) => ({
  title: "Songwriting for Beginners",
  category: "music",
  gradeMin: "5",
  gradeMax: "9",
  description: "Write, record and share three songs of your own over eight weeks.",
  outcomes: "Verse and chorus structure, simple chord progressions, lyric writing.",
  ...overrides,
});
/** The emails queued to the teacher once the events are delivered: subject and text. */
async function teacherMail() {
  await deliverEvents(db());
  const rows = await db().select({ payload: outbox.payload }).from(outbox).where(eq(outbox.topic, EMAIL_TOPIC));
  return rows.map((r) => r.payload as { to: string; subject: string; text: string }).filter((m) => m.to === teacher.email);
}

const proposalsOf = (id: number) => db().select().from(courseProposals).where(eq(courseProposals.teacherId, id));

describe("proposing a new course", () => {
  it("refuses an empty or a 10,000-character description with the field's message, storing nothing", async () => {
    const before = (await proposalsOf(teacher.id)).length;
    await expect(proposeCourse(teacher, proposal({ description: "   " }))).rejects.toMatchObject({
      status: 400,
      fieldErrors: { description: PROPOSAL_MESSAGES.descriptionRequired },
    });
    await expect(proposeCourse(teacher, proposal({ description: "x".repeat(10_000) }))).rejects.toMatchObject({
      status: 400,
      fieldErrors: { description: PROPOSAL_MESSAGES.descriptionLong },
    });
    await expect(proposeCourse(teacher, proposal({ gradeMin: "9", gradeMax: "3" }))).rejects.toMatchObject({
      fieldErrors: { gradeMax: PROPOSAL_MESSAGES.gradeRange },
    });
    expect(await proposalsOf(teacher.id)).toHaveLength(before);
  });

  it("an accepted proposal is a published catalogue course its teacher teaches", async () => {
    await proposeCourse(teacher, proposal());
    const [pending] = (await listPendingProposals(admin)).filter((p) => p.title === "Songwriting for Beginners");
    expect(pending).toMatchObject({ status: "pending", category: "music" });
    const { slug } = await decideProposal(admin, { proposalId: pending!.id, decision: "accept" });
    expect(slug).toBe("songwriting-for-beginners");
    const [course] = await db().select().from(courses).where(eq(courses.slug, slug!));
    expect(course).toMatchObject({ title: "Songwriting for Beginners", isPublished: true, gradeMin: 5, gradeMax: 9 });
    expect(course!.description).toContain("What children learn: Verse and chorus");
    expect((await listTeacherCourses(teacher)).map((c) => c.id)).toContain(course!.id);
    expect((await listOwnProposals(teacher)).find((p) => p.id === pending!.id)).toMatchObject({ status: "accepted", courseSlug: slug });
    await expect(decideProposal(admin, { proposalId: pending!.id, decision: "return", note: "Late" })).rejects.toMatchObject({
      status: 409,
    });
    // The teacher is told by email, with the course's public page; the refused second decision sends nothing.
    const accepted = (await teacherMail()).filter((m) => /Songwriting for Beginners/.test(m.subject));
    expect(accepted).toEqual([expect.objectContaining({ subject: "Songwriting for Beginners is in the catalogue" })]);
    expect(accepted[0]!.text).toMatch(/you teach it/);
    expect(accepted[0]!.text).toMatch(/\/courses\/songwriting-for-beginners\b/);

    // The same title again gets a slug of its own.
    await proposeCourse(teacher, proposal());
    const [again] = (await listPendingProposals(admin)).filter((p) => p.title === "Songwriting for Beginners");
    expect((await decideProposal(admin, { proposalId: again!.id, decision: "accept" })).slug).toBe("songwriting-for-beginners-2");
  });

  it("a returned proposal needs a note, which the teacher reads; no course is made", async () => {
    await proposeCourse(teacher, proposal({ title: "Yo-yo Tricks" }));
    const [pending] = (await listPendingProposals(admin)).filter((p) => p.title === "Yo-yo Tricks");
    await expect(decideProposal(admin, { proposalId: pending!.id, decision: "return" })).rejects.toMatchObject({
      status: 400,
      fieldErrors: { note: PROPOSAL_MESSAGES.noteRequired },
    });
    expect((await teacherMail()).filter((m) => /Yo-yo Tricks/.test(m.subject))).toEqual([]);
    await decideProposal(admin, { proposalId: pending!.id, decision: "return", note: "Please say what a class looks like, week by week." });
    // The teacher's email carries the admin's note; a second delivery of the event queues no second email.
    const returned = (await teacherMail()).filter((m) => /Yo-yo Tricks/.test(m.subject));
    expect(returned).toEqual([expect.objectContaining({ subject: "The course you proposed, Yo-yo Tricks, needs a change" })]);
    expect(returned[0]!.text).toMatch(/Our reviewer wrote:/);
    expect(returned[0]!.text).toMatch(/Please say what a class looks like, week by week\./);
    expect(returned[0]!.text).toMatch(/\/teacher\/courses/);
    expect(await markReactionsUndelivered(db(), "course-proposal.decided", "course-proposal-decided-mail")).toBeGreaterThan(0);
    expect((await teacherMail()).filter((m) => /Yo-yo Tricks/.test(m.subject))).toHaveLength(1);
    expect((await listOwnProposals(teacher)).find((p) => p.id === pending!.id)).toMatchObject({
      status: "returned",
      note: "Please say what a class looks like, week by week.",
    });
    expect(await db().select().from(courses).where(eq(courses.title, "Yo-yo Tricks"))).toHaveLength(0);
  });

  it("refuses a student's proposal and a teacher's decision", async () => {
    const student = await insertActor(db(), "student");
    await expect(proposeCourse(student, proposal())).rejects.toMatchObject({ status: 403 });
    await expect(decideProposal(teacher, { proposalId: 1, decision: "accept" })).rejects.toMatchObject({ status: 403 });
  });
});
