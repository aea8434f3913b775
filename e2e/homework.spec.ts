import { randomUUID } from "node:crypto";
import path from "node:path";

import { expect, test, type Page } from "@playwright/test";

import { seriousA11yViolations } from "./support/a11y";
import { consentCookie, demoAccount, pageAs } from "./support/auth";
import { openMail } from "./support/mailbox";
import { lookAt } from "./support/look";

/**
 * Homework from end to end: the demo teacher sets a task on their seeded running Scratch class
 * (with the demo student's Sam), the parent hands in a photo for Sam, the teacher marks it on the
 * course's criteria, and the parent reads the feedback on the site and is told by email.
 */
const SEEDED_COURSE = "Scratch Game Design";
const SEEDED_PRICE = "$89.00";
const PHOTO = path.join(__dirname, "fixtures", "homework-photo.png");

/** The seeded class Sam finished weeks ago (lib/wiring/seed/ended-class.ts): its price tells its row. */
const ENDED_PRICE = "$59.00";

async function seededSectionId(teacher: Page, price = SEEDED_PRICE): Promise<string> {
  await teacher.goto("/teacher/sections");
  const row = teacher.getByRole("row").filter({ hasText: SEEDED_COURSE }).filter({ hasText: price });
  const href = await row.getByRole("link").first().getAttribute("href");
  return /\/(\d+)$/.exec(href ?? "")![1]!;
}

test("a teacher sets homework, the parent hands in a photo, the teacher marks it and the parent sees the feedback", async ({ browser }) => {
  test.slow(); // two browsers, an upload and an email on a 2-core machine
  const tag = randomUUID().slice(0, 6);
  const title = `Draw your game's map ${tag}`;
  const comment = `A clear map with every level ${tag}`;

  const teacher = await pageAs(browser, "teacher");
  const sectionId = await seededSectionId(teacher);
  const homeworkPath = `/teacher/sections/${sectionId}/homework`;
  await teacher.locator(`a[href="${homeworkPath}"]`).click();
  await expect(teacher.getByRole("heading", { level: 1 })).toHaveText(`Homework: ${SEEDED_COURSE}`);

  // The course's criteria (the same names every run, so earlier runs' marks keep theirs).
  const criteria = teacher.getByRole("region", { name: "What homework is marked on" });
  await criteria.getByLabel("Criterion 1").fill("Effort");
  await criteria.getByLabel("Criterion 2 (optional)").fill("Accuracy");
  await criteria.getByRole("button", { name: "Save criteria" }).click();
  await expect(criteria.getByRole("status")).toHaveText("Criteria saved.");

  // A task: refused without a title, then set, due in three days at 18:00 in the teacher's zone.
  const set = teacher.getByRole("region", { name: "Set homework" });
  await set.getByLabel("Instructions").fill("Draw the map of your game's levels on paper and photograph it.");
  await set.getByRole("button", { name: "Set homework" }).click();
  await expect(set.getByLabel("Title")).toHaveAccessibleDescription("Give the homework a title.");
  await set.getByLabel("Title").fill(title);
  const dueDay = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  await set.getByLabel("Due").fill(`${dueDay}T18:00`);
  await set.getByLabel("Resource link (optional)").fill("https://scratch.mit.edu/ideas");
  await set.getByRole("button", { name: "Set homework" }).click();
  await expect(set.getByRole("status")).toHaveText("Homework set. Families see it on their courses page.");

  // The parent: the task on My courses, due in the family's zone, with the zone named; a photo handed in for Sam.
  const parent = await pageAs(browser, "student");
  await parent.goto("/my-courses");
  const homework = parent.getByRole("region", { name: "Homework" });
  const item = homework.getByRole("listitem").filter({ hasText: title });
  await expect(item).toContainText("To do");
  // The due time in the family's zone, named (this account's is UTC: the e2e browser's).
  await expect(item).toContainText(/Due .+ (Time|UTC)/);
  await item.getByRole("link", { name: title }).click();
  await expect(parent.getByRole("heading", { level: 1 })).toHaveText(title);
  const handIn = parent.getByRole("form", { name: "Hand in for Sam" });
  // A text file posing as a picture is refused by its content, with the field's message.
  await handIn
    .getByLabel("Photos or PDF files (optional)")
    .setInputFiles({ name: "map.png", mimeType: "image/png", buffer: Buffer.from("not a picture") });
  await handIn.getByRole("button", { name: "Hand in" }).click();
  await expect(handIn.getByLabel("Photos or PDF files (optional)")).toHaveAccessibleDescription(/whatever its name says/);
  await handIn.getByLabel("Answer (optional)").fill("Here is my map, with three levels.");
  await handIn.getByLabel("Photos or PDF files (optional)").setInputFiles(PHOTO);
  await handIn.getByRole("button", { name: "Hand in" }).click();
  await expect(handIn.getByRole("status")).toHaveText("Handed in. The teacher will send feedback.");
  const handedIn = parent.getByRole("region", { name: "Handed in" });
  await expect(handedIn).toContainText("Here is my map, with three levels.");
  await expect(handedIn.getByRole("link", { name: "homework-photo.png" })).toBeVisible();

  // The teacher: Sam's photo (served as the PNG it is) and the feedback form.
  await teacher.reload();
  const work = teacher.getByRole("listitem", { name: `Sam's work on ${title}` });
  const photo = work.getByRole("link", { name: "homework-photo.png" });
  const served = await teacher.request.get((await photo.getAttribute("href"))!);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toBe("image/png");
  const feedback = work.getByRole("form", { name: "Feedback for Sam" });
  await feedback.getByLabel("Comment for Sam's family").fill(comment);
  await feedback.getByLabel("Effort (1 to 4)").selectOption("4");
  await feedback.getByLabel("Accuracy (1 to 4)").selectOption("3");
  await feedback.getByRole("button", { name: "Return feedback" }).click();
  await expect(feedback.getByRole("status")).toHaveText("Feedback returned: the family is told by email.");
  await teacher.reload();
  await work.scrollIntoViewIfNeeded();
  await lookAt(teacher, "homework-teacher");

  // The parent reads the feedback, and the hand-in form is gone.
  await parent.reload();
  const returned = parent.getByRole("region", { name: "Handed in" });
  await expect(returned).toContainText(comment);
  await expect(returned).toContainText("Effort: 4 of 4 (Excellent)");
  await expect(returned).toContainText("Accuracy: 3 of 4 (Secure)");
  await expect(parent.getByRole("form", { name: "Hand in for Sam" })).toHaveCount(0);
  expect(await seriousA11yViolations(parent)).toEqual([]);
  await lookAt(parent, "homework-parent");

  // And is told by email, from the teacher's public name (issue 38), the marks in it, the comment left on the site.
  const mail = await openMail(parent, demoAccount("student").email, `Ms. Harper returned Sam's homework: ${title}`);
  await expect(mail).toContainText("Effort: 4 of 4 (Excellent)");
  await expect(mail).not.toContainText(comment);
});

// On the seeded class Sam finished (every session held, ended weeks ago): a certificate is issued only once a section has ended.
test("a teacher issues a certificate of completion that anyone can verify; a forged number is not found", async ({ browser }) => {
  const teacher = await pageAs(browser, "teacher");
  await teacher.goto("/teacher/sections");
  const endedHref = await teacher.getByRole("row").filter({ hasText: ENDED_PRICE }).getByRole("link").first().getAttribute("href");
  const sectionId = /\/(\d+)$/.exec(endedHref ?? "")![1]!;
  await teacher.goto(`/teacher/sections/${sectionId}/homework`);
  const endedCourse = ((await teacher.getByRole("heading", { level: 1 }).textContent()) ?? "").replace(/^Homework: /, "");
  const certificates = teacher.getByRole("region", { name: "Certificates of completion" });
  const issue = certificates.getByRole("button", { name: "Issue Sam's certificate" });
  // Issued once per child and section: an earlier run may have issued it already.
  if (await issue.isVisible()) {
    await issue.click();
    // The form goes once the certificate exists: its answer is the toast, and the list gains it.
    await expect(teacher.getByRole("region", { name: /^Notifications/ })).toContainText("Certificate issued.");
    await expect(certificates.getByRole("listitem").filter({ hasText: "Sam" })).toBeVisible();
    await teacher.reload();
  }
  const pdfLink = certificates.getByRole("listitem").filter({ hasText: "Sam" }).getByRole("link", { name: "Certificate (PDF)" });
  const pdfPath = (await pdfLink.getAttribute("href"))!;
  const id = /^\/certificates\/([0-9a-f-]{36})\/pdf$/.exec(pdfPath)![1]!;

  // Anyone, signed out: the PDF, and the check page with first names only.
  const visitor = await (await browser.newContext()).newPage();
  const pdf = await visitor.request.get(pdfPath);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
  await visitor.goto(`/certificates/${id}`);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Certificate verified");
  const main = visitor.getByRole("main");
  await expect(main).toContainText(endedCourse);
  await expect(main).toContainText("Sam");
  await expect(main).not.toContainText("Demo Teacher");
  await expect(main).not.toContainText("Demo Student");

  // A forged number (and its PDF): a clear not-found.
  const forged = await visitor.goto(`/certificates/${randomUUID()}`);
  expect(forged?.status()).toBe(404);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Certificate not found");
  expect((await visitor.request.get(`/certificates/${randomUUID()}/pdf`)).status()).toBe(404);
});

test("the demo child signs in with their pictures, finds a task due this week, hands in an answer, and the parent sees it", async ({
  browser,
}) => {
  test.slow(); // three browsers on a 2-core machine
  const tag = randomUUID().slice(0, 6);
  const title = `Name your sprites ${tag}`;
  const answer = `My cat is Whiskers and my dog is Rex ${tag}`;

  // The teacher sets a task on the running class, due in two days at 18:00 in the teacher's zone.
  const teacher = await pageAs(browser, "teacher");
  const sectionId = await seededSectionId(teacher);
  await teacher.goto(`/teacher/sections/${sectionId}/homework`);
  const set = teacher.getByRole("region", { name: "Set homework" });
  await set.getByLabel("Title").fill(title);
  await set.getByLabel("Instructions").fill("Give every sprite in your game a name and write them down.");
  await set.getByLabel("Due").fill(`${new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10)}T18:00`);
  await set.getByRole("button", { name: "Set homework" }).click();
  await expect(set.getByRole("status")).toHaveText("Homework set. Families see it on their courses page.");

  // The demo child (sam: Cat, Sun, Tree) signs in on a phone.
  const kidContext = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await kidContext.addCookies([consentCookie()]);
  const kid = await kidContext.newPage();
  await kid.goto("/kids");
  await kid.getByLabel("Your name to sign in").fill("sam");
  for (const picture of ["Cat", "Sun", "Tree"]) await kid.getByRole("button", { name: picture, exact: true }).click();
  await kid.getByRole("button", { name: "Sign in" }).click();
  await expect(kid).toHaveURL(/\/learn$/);

  // On the child's week: due on the family's clock, the zone named (this account's is UTC).
  const week = kid.getByRole("list", { name: "Homework for this week" });
  const due = week.getByRole("listitem").filter({ hasText: title });
  await expect(due).toContainText(/Due .+ (Time|UTC)/);
  await due.getByRole("link", { name: title }).click();
  await expect(kid.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(kid.getByRole("main")).toContainText("Late work is OK.");

  // Hands in an answer, and sees it handed in.
  const handIn = kid.getByRole("form", { name: "Hand in for Sam" });
  await handIn.getByLabel("Answer (optional)").fill(answer);
  await handIn.getByRole("button", { name: "Hand in" }).click();
  await expect(handIn.getByRole("status")).toHaveText("Handed in! Your teacher will write back.");
  const mine = kid.getByRole("region", { name: "My work" });
  await expect(mine).toContainText(answer);
  await expect(mine).toContainText("Your teacher will write back soon.");
  await lookAt(kid, "homework-child");
  // Handed in: no longer on the week's to-do.
  await kid.goto("/learn");
  await expect(kid.getByRole("main")).toContainText("Hi Sam!");
  await expect(kid.getByRole("listitem").filter({ hasText: title }).filter({ hasText: "Homework for" })).toHaveCount(0);

  // The parent sees it on their side: handed in on My courses, and the answer on the task's page.
  const parent = await pageAs(browser, "student");
  await parent.goto("/my-courses");
  const item = parent.getByRole("region", { name: "Homework" }).getByRole("listitem").filter({ hasText: title });
  await expect(item).toContainText("Handed in");
  await item.getByRole("link", { name: title }).click();
  await expect(parent.getByRole("region", { name: "Handed in" })).toContainText(answer);
});
