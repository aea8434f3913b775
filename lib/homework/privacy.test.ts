import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";

import { count, eq, inArray } from "drizzle-orm";

import { eraseAccountData } from "@/lib/accounts/erase";
import type { Actor } from "@/lib/platform/auth/permissions";
import { bookings, certificates, homeworkSubmissions, progressReports, sections, storedFiles, users } from "@/lib/platform/db/schema";
import { exportAccountData } from "@/lib/privacy/export";
import { sectionSessions } from "@/lib/scheduling/sessions";
import { newFamily, newSection } from "@/test/commerce-fixtures";
import { openTestDatabase } from "@/test/database";
import { insertActor } from "@/test/fixtures";

import { issueCertificate } from "./certificates";
import { returnFeedback, setCourseCriteria } from "./feedback";
import { handInHomework } from "./submissions";
import { setHomework } from "./tasks";

/** A child's work, marks, reports and certificates are in the parent's export, and go with the family. */
let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());

const DAY = 86_400_000;
const PNG = readFileSync(path.join(process.cwd(), "e2e/fixtures/homework-photo.png"));

async function markedWork() {
  const db = database.db;
  const sectionId = await newSection(db);
  const [section] = await db.select().from(sections).where(eq(sections.id, sectionId));
  const teacher: Actor = { id: section!.teacherId, email: "t@example.com", role: "teacher" };
  const family = await newFamily(db);
  await db.insert(bookings).values({
    kind: "seat",
    learnerId: family.learnerId,
    teacherId: section!.teacherId,
    sectionId,
    courseId: section!.courseId,
    startsAt: new Date(Date.now() - DAY),
    endsAt: new Date(Date.now() - DAY + 3_600_000),
    status: "confirmed",
    token: randomUUID(),
  });
  const [session] = sectionSessions(section!, new Date(Date.now() - DAY), new Date(Date.now() + 14 * DAY));
  const { taskId } = await setHomework(
    db,
    teacher,
    {
      sectionId,
      sessionStartsAt: session!.startsAt,
      title: "Maze",
      instructions: "Draw it",
      dueLocal: new Date(new Date(session!.startsAt).getTime() + 2 * DAY).toISOString().slice(0, 16),
    },
    "UTC",
  );
  const parent: Actor = { id: family.parentId, email: "p@example.com", role: "student" };
  const { submissionId } = await handInHomework(db, parent, { taskId, learnerId: family.learnerId, text: "Ring 555 123 4567" }, [
    { name: "maze.png", bytes: PNG },
  ]);
  const [criterion] = await setCourseCriteria(db, teacher, { courseId: section!.courseId, names: ["Effort"] });
  await returnFeedback(db, teacher, { submissionId, comment: "Good", marks: [{ criterionId: criterion!.id, mark: 3 }] });
  await db
    .insert(progressReports)
    .values({ sectionId, learnerId: family.learnerId, periodEndsOn: "2026-01-01", comment: "Steady", nextStep: "Loops" });
  const certificate = await issueCertificate(db, teacher, { sectionId, learnerId: family.learnerId });
  return { family, submissionId, certificate };
}

it("puts the child's work (as typed, with its files), marks, reports and certificates in the parent's export", async () => {
  const { family, certificate } = await markedWork();
  const admin = await insertActor(database.db, "admin");
  const data = await exportAccountData(admin, String(family.parentId));
  expect(data.homework.submissions).toEqual([
    expect.objectContaining({
      learnerId: family.learnerId,
      task: "Maze",
      text: "Ring 555 123 4567",
      feedback: "Good",
      marks: [{ criterion: "Effort", mark: 3 }],
      files: [{ name: "maze.png", mediaType: "image/png", contentBase64: PNG.toString("base64") }],
    }),
  ]);
  expect(data.homework.progressReports).toEqual([expect.objectContaining({ comment: "Steady", nextStep: "Loops" })]);
  expect(data.homework.certificates).toEqual([expect.objectContaining({ id: certificate.id })]);
});

it("deletes the child's work, files, reports and certificates with the family's account", async () => {
  const { family, submissionId, certificate } = await markedWork();
  const [{ email }] = (await database.db.select({ email: users.email }).from(users).where(eq(users.id, family.parentId))) as [
    { email: string },
  ];
  await database.db.transaction((tx) =>
    eraseAccountData(tx, { email, emailVerified: true, databaseId: family.parentId, firebaseUid: `uid-${family.parentId}` }),
  );
  expect(await database.db.select().from(homeworkSubmissions).where(eq(homeworkSubmissions.id, submissionId))).toEqual([]);
  expect((await database.db.select({ n: count() }).from(storedFiles).where(eq(storedFiles.learnerId, family.learnerId)))[0]!.n).toBe(0);
  expect(await database.db.select().from(progressReports).where(eq(progressReports.learnerId, family.learnerId))).toEqual([]);
  expect(
    await database.db
      .select()
      .from(certificates)
      .where(inArray(certificates.id, [certificate.id])),
  ).toEqual([]);
});
