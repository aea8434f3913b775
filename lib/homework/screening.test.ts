import { eq } from "drizzle-orm";

import type { Actor } from "@/lib/platform/auth/permissions";
import { allowedLinkHosts, homeworkFeedback, progressReports, sections } from "@/lib/platform/db/schema";
import { forgetAllowedLinkHosts } from "@/lib/platform/security/allowed-hosts";
import { MASK } from "@/lib/platform/security/screening";
import { openTestDatabase } from "@/test/database";
import { seatedClassWithHomework } from "@/test/homework-fixtures";

import { returnFeedback } from "./feedback";
import { writeProgressReport } from "./progress";
import { handInHomework } from "./submissions";

/**
 * Issue 40: homework feedback and progress-report comments are screened as every shared text is,
 * with the admins' link allow-list (lib/platform/security/screen.ts): a link to an allowed site
 * reaches the family, another is masked and flagged; a site an admin adds passes from then on.
 */
let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());
beforeEach(() => forgetAllowedLinkHosts());
const db = () => database.db;

const DAY = 86_400_000;
const teacher = (id: number): Actor => ({ id, email: `t${id}@example.com`, role: "teacher" });
const parent = (id: number): Actor => ({ id, email: `p${id}@example.com`, role: "student" });
const COMMENT = "Try scratch.mit.edu/projects/1 and pianofun.com/ada next";
const MASKED = `Try scratch.mit.edu/projects/1 and ${MASK} next`;

async function allow(host: string) {
  await db().insert(allowedLinkHosts).values({ host });
  forgetAllowedLinkHosts();
}

test("feedback: an allowed host passes, one off the list is masked and flagged, and one an admin adds passes", async () => {
  const { section, family, taskId } = await seatedClassWithHomework(db());
  const me = teacher(section.teacherId);
  const { submissionId } = await handInHomework(db(), parent(family.parentId), { taskId, learnerId: family.learnerId, text: "Done" }, []);
  const stored = async () => (await db().select().from(homeworkFeedback).where(eq(homeworkFeedback.submissionId, submissionId)))[0];

  expect(await returnFeedback(db(), me, { submissionId, comment: COMMENT, marks: [] })).toEqual({ isMasked: true });
  expect(await stored()).toMatchObject({ comment: MASKED, originalComment: COMMENT, flagged: true });

  await allow("pianofun.com");
  expect(await returnFeedback(db(), me, { submissionId, comment: COMMENT, marks: [] })).toEqual({ isMasked: false });
  expect(await stored()).toMatchObject({ comment: COMMENT, originalComment: null, flagged: false });
  await db().delete(allowedLinkHosts).where(eq(allowedLinkHosts.host, "pianofun.com"));
  forgetAllowedLinkHosts();
});

test("progress report: the comment and the next step are screened with the allow-list", async () => {
  const { section, family } = await seatedClassWithHomework(db());
  // The section ran for two months and ended three days ago: its report is due.
  const endsOn = new Date(Date.now() - 3 * DAY).toISOString().slice(0, 10);
  const startsOn = new Date(Date.now() - 60 * DAY).toISOString().slice(0, 10);
  await db().update(sections).set({ startsOn, endsOn }).where(eq(sections.id, section.id));
  const write = () =>
    writeProgressReport(db(), teacher(section.teacherId), {
      sectionId: section.id,
      learnerId: family.learnerId,
      periodEndsOn: endsOn,
      comment: COMMENT,
      nextStep: "Practise on pianofun.com/ada or code.org/maze",
    });
  const stored = async () => (await db().select().from(progressReports).where(eq(progressReports.sectionId, section.id)))[0];

  await write();
  expect(await stored()).toMatchObject({ comment: MASKED, nextStep: `Practise on ${MASK} or code.org/maze`, flagged: true });

  await allow("pianofun.com");
  await write();
  expect(await stored()).toMatchObject({ comment: COMMENT, nextStep: "Practise on pianofun.com/ada or code.org/maze", flagged: false });
  await db().delete(allowedLinkHosts).where(eq(allowedLinkHosts.host, "pianofun.com"));
  forgetAllowedLinkHosts();
});
