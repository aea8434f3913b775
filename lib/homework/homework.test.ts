import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";

import { count, eq } from "drizzle-orm";

import type { Actor } from "@/lib/platform/auth/permissions";
import { homeworkFiles, homeworkSubmissions, outbox, sections, storedFiles, teacherProfiles, users } from "@/lib/platform/db/schema";
import { MASK } from "@/lib/platform/security/screening";
import { actionTestDatabase } from "@/test/action-context";
import { newFamily } from "@/test/commerce-fixtures";
import { seatedClassWithHomework } from "@/test/homework-fixtures";

import { certificatePdf, findCertificate, issueCertificate } from "./certificates";
import { returnFeedback, setCourseCriteria } from "./feedback";
import { fileStore } from "./file-store";
import { HOMEWORK_LIMITS } from "./limits";
import { HOMEWORK_MESSAGES } from "./messages";
import { handInAsLearner, handInHomework } from "./submissions";
import { setHomework } from "./tasks";
import { familyHomework, readHomeworkFile, sectionHomework } from "./views";

/** Homework set, handed in (files checked by content, nothing stored when refused), marked; certificates verified. */
const db = actionTestDatabase();

const DAY = 86_400_000;
const PNG = readFileSync(path.join(process.cwd(), "e2e/fixtures/homework-photo.png"));
const PDF = Buffer.from("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n");
const teacher = (id: number): Actor => ({ id, email: `t${id}@example.com`, role: "teacher" });
const parent = (id: number): Actor => ({ id, email: `p${id}@example.com`, role: "student" });

const classWithHomework = () => seatedClassWithHomework(db());

const stored = async () => ({
  files: (await db().select({ n: count() }).from(storedFiles))[0]!.n,
  submissions: (await db().select({ n: count() }).from(homeworkSubmissions))[0]!.n,
});

async function refusal(work: Promise<unknown>) {
  const error = await work.then(
    () => null,
    (e: unknown) => e as { message: string; fieldErrors?: Record<string, string> },
  );
  if (!error) throw new Error("expected a refusal");
  return error;
}

describe("setting homework", () => {
  it("puts the due time in the teacher's zone and holds a link off the allow-list", async () => {
    const { section, family, taskId } = await classWithHomework();
    const [item] = await familyHomework(db(), family.parentId);
    expect(item).toMatchObject({ taskId, title: "Draw a maze", resourceUrl: "https://code.org/maze", submission: null });
    // 17:00 in New York is 22:00 UTC in winter, 21:00 in summer.
    expect(new Date(item!.dueAt).getUTCHours()).toBeGreaterThanOrEqual(21);
    const held = await setHomework(
      db(),
      teacher(section.teacherId),
      {
        sectionId: section.id,
        sessionStartsAt: item!.sessionStartsAt,
        title: "Watch",
        instructions: "Watch the video",
        dueLocal: item!.dueAt.slice(0, 10) + "T18:00",
        resourceUrl: "https://example-videos.net/x",
      },
      "America/New_York",
    );
    expect(held.isLinkHeld).toBe(true);
    expect((await familyHomework(db(), family.parentId)).find((i) => i.taskId === held.taskId)!.resourceUrl).toBeNull();
  });

  it("is refused to another section's teacher and on a time that is not a session", async () => {
    const { section, startsAt } = await classWithHomework();
    const other = await classWithHomework();
    const input = {
      sectionId: section.id,
      sessionStartsAt: startsAt.toISOString(),
      title: "T",
      instructions: "I",
      dueLocal: new Date(startsAt.getTime() + DAY).toISOString().slice(0, 16),
    };
    expect((await refusal(setHomework(db(), teacher(other.section.teacherId), input, "UTC"))).message).toBe(
      HOMEWORK_MESSAGES.notYourSection,
    );
    const wrong = { ...input, sessionStartsAt: new Date(startsAt.getTime() + 60_000).toISOString() };
    expect((await refusal(setHomework(db(), teacher(section.teacherId), wrong, "UTC"))).message).toBe(HOMEWORK_MESSAGES.noSuchSession);
  });
});

describe("handing in", () => {
  it("refuses a text file named .png, an oversized file and 11 files with a field message, storing nothing", async () => {
    const { family, taskId } = await classWithHomework();
    const before = await stored();
    const handIn = (files: Array<{ name: string; bytes: Uint8Array }>) =>
      handInHomework(db(), parent(family.parentId), { taskId, learnerId: family.learnerId, text: "Here it is" }, files);

    const fake = await refusal(handIn([{ name: "maze.png", bytes: Buffer.from("this is not a picture at all, only text") }]));
    expect(fake.fieldErrors).toEqual({ files: HOMEWORK_MESSAGES.fileTypeRefused });
    // A real picture beside the fake does not let it through.
    await refusal(
      handIn([
        { name: "ok.png", bytes: PNG },
        { name: "notes.pdf", bytes: Buffer.from("<html>not a pdf</html>") },
      ]),
    );

    const big = Buffer.concat([PNG, Buffer.alloc(HOMEWORK_LIMITS.fileBytes)]);
    expect((await refusal(handIn([{ name: "big.png", bytes: big }]))).fieldErrors).toEqual({ files: HOMEWORK_MESSAGES.fileTooLarge });

    const eleven = Array.from({ length: 11 }, (_, i) => ({ name: `p${i}.png`, bytes: PNG }));
    expect((await refusal(handIn(eleven))).fieldErrors).toEqual({ files: HOMEWORK_MESSAGES.tooManyFiles });

    expect(await stored()).toEqual(before);
  });

  it("stores pictures and PDF by what they are, for the parent and the teacher only, and marks late work late", async () => {
    const { section, family, taskId, startsAt } = await classWithHomework();
    const onTime = new Date(startsAt.getTime() + DAY);
    const ten = Array.from({ length: 10 }, (_, i) => ({ name: i === 0 ? "notes.pdf" : `photo-${i}.png`, bytes: i === 0 ? PDF : PNG }));
    const handed = await handInHomework(
      db(),
      parent(family.parentId),
      { taskId, learnerId: family.learnerId, text: "Call me on 555 123 4567" },
      ten,
      onTime,
    );
    expect(handed).toMatchObject({ isLate: false, files: 10 });
    const view = await sectionHomework(db(), teacher(section.teacherId), section.id, onTime);
    const submission = view.tasks[0]!.learners[0]!.submission!;
    // The teacher reads the screened text: the number is masked.
    expect(submission.text).toContain(MASK);
    expect(submission.text).not.toContain("4567");
    expect(submission.files.map((f) => f.mediaType)).toEqual(["application/pdf", ...Array(9).fill("image/png")]);
    const file = await readHomeworkFile(db(), teacher(section.teacherId), submission.files[1]!.id);
    expect(Buffer.compare(file.bytes, PNG)).toBe(0);
    expect(await readHomeworkFile(db(), parent(family.parentId), submission.files[1]!.id)).toMatchObject({ mediaType: "image/png" });
    const stranger = await newFamily(db());
    await expect(readHomeworkFile(db(), parent(stranger.parentId), submission.files[1]!.id)).rejects.toMatchObject({ code: "not-found" });

    // Handed in again after the due time (three days after the session): taken, marked late, the earlier files gone.
    const late = await handInHomework(
      db(),
      parent(family.parentId),
      { taskId, learnerId: family.learnerId, link: "https://scratch.mit.edu/projects/1" },
      [{ name: "again.png", bytes: PNG }],
      new Date(startsAt.getTime() + 3 * DAY),
    );
    expect(late).toMatchObject({ isLate: true, submissionId: handed.submissionId });
    expect(await db().select().from(homeworkFiles).where(eq(homeworkFiles.submissionId, handed.submissionId))).toHaveLength(1);
    const [item] = await familyHomework(db(), family.parentId);
    expect(item!.submission).toMatchObject({ isLate: true, link: "https://scratch.mit.edu/projects/1" });
  });

  it("is taken from the child's own space for their seated section only", async () => {
    const { family, taskId } = await classWithHomework();
    expect(await handInAsLearner(db(), family.learnerId, { taskId, text: "My maze" }, [{ name: "m.png", bytes: PNG }])).toMatchObject({
      files: 1,
    });
    const [item] = await familyHomework(db(), family.parentId);
    expect(item!.submission).toMatchObject({ text: "My maze" });
    const stranger = await newFamily(db());
    await expect(handInAsLearner(db(), stranger.learnerId, { taskId, text: "x" }, [])).rejects.toMatchObject({
      message: HOMEWORK_MESSAGES.notYourChild,
    });
  });

  it("is refused for a child who is not the parent's", async () => {
    const { taskId, family } = await classWithHomework();
    const stranger = await newFamily(db());
    const error = await refusal(handInHomework(db(), parent(stranger.parentId), { taskId, learnerId: family.learnerId, text: "x" }, []));
    expect(error.message).toBe(HOMEWORK_MESSAGES.notYourChild);
  });

  it("keeps files in the store until purged", async () => {
    const { family, taskId } = await classWithHomework();
    await handInHomework(db(), parent(family.parentId), { taskId, learnerId: family.learnerId }, [{ name: "a.png", bytes: PNG }]);
    const [row] = await db().select({ id: homeworkFiles.storedFileId }).from(homeworkFiles).orderBy(homeworkFiles.id).limit(1);
    expect((await fileStore.get(db(), row!.id))!.mediaType).toBe("image/png");
    expect(await fileStore.get(db(), "not-a-uuid")).toBeNull();
  });
});

describe("feedback", () => {
  it("takes a mark from 1 to 4 on each of the course's criteria and tells the family", async () => {
    const { section, family, taskId } = await classWithHomework();
    const me = teacher(section.teacherId);
    const { submissionId } = await handInHomework(db(), parent(family.parentId), { taskId, learnerId: family.learnerId, text: "Done" }, [
      { name: "maze.png", bytes: PNG },
    ]);
    await expect(setCourseCriteria(db(), me, { courseId: section.courseId, names: ["a", "b", "c", "d"] })).rejects.toMatchObject({
      message: HOMEWORK_MESSAGES.tooManyCriteria,
    });
    const criteria = await setCourseCriteria(db(), me, { courseId: section.courseId, names: ["Effort", "Accuracy"] });
    const give = (marks: unknown[]) =>
      returnFeedback(db(), me, { submissionId, comment: "Lovely maze", marks: marks as Array<{ criterionId: number; mark: number }> });
    for (const bad of [0, 5, 2.5, "three"]) {
      const error = await refusal(
        give([
          { criterionId: criteria[0]!.id, mark: bad },
          { criterionId: criteria[1]!.id, mark: 3 },
        ]),
      );
      expect(error.message).toBe(HOMEWORK_MESSAGES.markInvalid);
    }
    expect((await refusal(give([{ criterionId: criteria[0]!.id, mark: 3 }]))).message).toBe(HOMEWORK_MESSAGES.markMissing);
    const events = async () =>
      (await db().select({ n: count() }).from(outbox).where(eq(outbox.topic, "event:homework.feedback-returned")))[0]!.n;
    expect(await events()).toBe(0);

    await give([
      { criterionId: criteria[0]!.id, mark: 4 },
      { criterionId: criteria[1]!.id, mark: 1 },
    ]);
    expect(await events()).toBe(1);
    const [item] = await familyHomework(db(), family.parentId);
    expect(item!.submission!.feedback).toMatchObject({
      comment: "Lovely maze",
      marks: [
        { criterion: "Effort", mark: 4 },
        { criterion: "Accuracy", mark: 1 },
      ],
    });
    // Marked work is not handed in again.
    expect(
      (await refusal(handInHomework(db(), parent(family.parentId), { taskId, learnerId: family.learnerId, text: "v2" }, []))).message,
    ).toBe(HOMEWORK_MESSAGES.alreadyMarked);
    // Another teacher cannot mark it.
    const other = await classWithHomework();
    await expect(returnFeedback(db(), teacher(other.section.teacherId), { submissionId, comment: "x", marks: [] })).rejects.toMatchObject({
      code: "forbidden",
    });
  });
});

describe("certificates", () => {
  it("are verified by their id, with first names only; a forged id is not found", async () => {
    const { section, family } = await classWithHomework();
    await db().update(users).set({ displayName: "Grace Brewster Hopper" }).where(eq(users.id, section.teacherId));
    // Issue 38: the teacher as families know them, their public name (not the account's name).
    await db().update(teacherProfiles).set({ publicName: "Ms. Hopper" }).where(eq(teacherProfiles.userId, section.teacherId));
    const certificate = await issueCertificate(db(), teacher(section.teacherId), { sectionId: section.id, learnerId: family.learnerId });
    expect(await findCertificate(db(), certificate.id)).toEqual(certificate);
    expect(certificate.learnerFirstName).toBe("Ada");
    expect(certificate.teacherFirstName).toBe("Ms. Hopper");
    // Issued again: the same certificate.
    expect((await issueCertificate(db(), teacher(section.teacherId), { sectionId: section.id, learnerId: family.learnerId })).id).toBe(
      certificate.id,
    );
    expect(await findCertificate(db(), randomUUID())).toBeNull();
    expect(await findCertificate(db(), "1")).toBeNull();
    expect(await findCertificate(db(), `${certificate.id}' or '1'='1`)).toBeNull();
    const pdf = Buffer.from(await certificatePdf({ ...certificate, learnerFirstName: "Zoë Łucja 李" }));
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("are refused before the section ends and for a child without a seat", async () => {
    const { section } = await classWithHomework();
    const stranger = await newFamily(db());
    await expect(
      issueCertificate(db(), teacher(section.teacherId), { sectionId: section.id, learnerId: stranger.learnerId }),
    ).rejects.toMatchObject({
      message: HOMEWORK_MESSAGES.notYourChild,
    });
    await db().update(sections).set({ endsOn: "2099-01-01" }).where(eq(sections.id, section.id));
    const family = await newFamily(db());
    await expect(
      issueCertificate(db(), teacher(section.teacherId), { sectionId: section.id, learnerId: family.learnerId }),
    ).rejects.toMatchObject({
      message: HOMEWORK_MESSAGES.notCompleted,
    });
  });
});
