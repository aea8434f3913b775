import { expect, test, type Page } from "@playwright/test";

import { seriousA11yViolations } from "./support/a11y";
import { signInAs } from "./support/auth";
import { lookAt } from "./support/look";

const randomTag = () => Array.from({ length: 8 }, () => "abcdefghijklmnopqrstuvwxyz"[Math.floor(Math.random() * 26)]).join("");

/** The bar's Messages link, whose accessible name carries the unread count ("Messages (2 unread)"). */
const messagesLink = (page: Page) => page.locator("[data-role]").getByRole("link", { name: /^Messages( \(\d+ unread\))?$/ });

async function unreadCount(page: Page): Promise<number> {
  const label = (await messagesLink(page).getAttribute("aria-label")) ?? "";
  return Number(/\((\d+) unread\)/.exec(label)?.[1] ?? 0);
}

/** Signs in as the demo student and opens the conversation about Sam's seat in the demo teacher's running class (npm start's seed). */
async function openDemoTeacherConversation(page: Page) {
  await signInAs(page, "student");
  await page.goto("/my-courses");
  const links = page.getByRole("region", { name: "Your enrolments" }).getByRole("link", { name: /^Message the teacher about .+ for Sam$/ });
  const hrefs = await Promise.all((await links.all()).map((link) => link.getAttribute("href")));
  for (const href of hrefs) {
    await page.goto(href!);
    // Families see the teacher by the public name (issue 38).
    if (await page.getByText(/With Ms\. Harper|Write to Ms\. Harper/).count()) return;
  }
  throw new Error("no enrolment of Sam with the demo teacher");
}

// In order, in one worker: the first and the last test write in the same conversation (the last closes it for a while).
test.describe.configure({ mode: "default" });

/**
 * Issue 28: a parent asks the teacher a question from /my-courses; the teacher sees it on their
 * dashboard with an unread mark and the bar's count, answers it, and the parent's count moves.
 * Contact details typed into a message arrive masked. Axe finds nothing serious on the pages.
 */
test("a parent asks from /my-courses, the teacher answers from the dashboard, the unread counts move", async ({ page, browser }) => {
  test.slow(); // two browsers on a 2-core machine
  // No digits of its own: a long number would be masked as a phone number.
  const question = `Should Sam bring headphones, ${randomTag()}?`;

  await openDemoTeacherConversation(page);
  await page.getByLabel(/^Your (message|reply)$/).fill(`${question} Or call me on +1 555 0142.`);
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
  const threadUrl = page.url();
  const messages = page.getByRole("list", { name: "Messages" });
  await expect(messages).toContainText(`${question} Or call me on [contact details removed].`);
  await expect(messages).not.toContainText("555 0142");
  expect(await seriousA11yViolations(page)).toEqual([]);
  await lookAt(page, "messages-parent-thread");
  // The thread is read (the header of the page that read it was counted alongside): the count as of now.
  await page.goto("/my-courses");
  const parentCountBefore = await unreadCount(page);

  // The teacher: the bar counts it, the dashboard lists the thread as unread.
  const teacher = await (await browser.newContext()).newPage();
  await signInAs(teacher, "teacher");
  await teacher.goto("/teacher/dashboard");
  const teacherCountBefore = await unreadCount(teacher);
  expect(teacherCountBefore).toBeGreaterThanOrEqual(1);
  const inbox = teacher.getByRole("region", { name: "Messages" });
  const row = inbox.getByRole("listitem").filter({ has: teacher.locator(`a[href="${new URL(threadUrl).pathname}"]`) });
  await expect(row).toContainText(/\d+ unread/);
  expect(await seriousA11yViolations(teacher)).toEqual([]);
  await lookAt(teacher, "messages-teacher-dashboard");
  await row.getByRole("link").click();
  await expect(teacher.getByRole("list", { name: "Messages" })).toContainText(question);
  await teacher.getByLabel("Your reply").fill("Yes please, any headphones with a microphone will do.");
  await teacher.getByRole("button", { name: "Send message" }).click();
  await expect(teacher.getByRole("list", { name: "Messages" })).toContainText("any headphones with a microphone");
  // Read and answered: the thread is no longer unread, and the bar's count is what the inbox lists
  // (the other specs write to the demo teacher at the same time, so "lower than before" can fail).
  await teacher.goto("/share-a-message");
  const conversations = teacher.getByRole("region", { name: "Your conversations" }).getByRole("listitem");
  await expect(conversations.filter({ has: teacher.locator(`a[href="${new URL(threadUrl).pathname}"]`) })).not.toContainText(/\d+ unread/);
  const listedUnread = (await conversations.allInnerTexts()).reduce((sum, text) => sum + Number(/(\d+) unread/.exec(text)?.[1] ?? 0), 0);
  expect(await unreadCount(teacher)).toBe(listedUnread);

  // The parent's count went up by the answer; opening the thread reads it.
  await page.goto("/my-courses");
  expect(await unreadCount(page)).toBe(parentCountBefore + 1);
  await lookAt(page, "messages-parent-header", { fullPage: false });
  await page.goto("/share-a-message");
  expect(await seriousA11yViolations(page)).toEqual([]);
  await lookAt(page, "messages-inbox");
  await page.goto(threadUrl);
  await expect(page.getByRole("list", { name: "Messages" })).toContainText("any headphones with a microphone");
  await page.goto("/my-courses");
  expect(await unreadCount(page)).toBe(parentCountBefore);
});

test("support reads the original of a masked message; another family's thread is not found", async ({ page, browser }) => {
  await signInAs(page, "support");
  await page.goto("/support/dashboard");
  const flagged = page.getByRole("region", { name: "Flagged messages" });
  // The seed family's conversation (npm start's seed), not the demo student's.
  await flagged.getByRole("listitem").filter({ hasText: "Seed Family" }).getByRole("link").click();
  await expect(page).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
  await expect(page.getByText(/Original \(support and admins only\)/).first()).toBeVisible();
  await expect(page.getByRole("list", { name: "Messages" })).toContainText("+1 555 0142");
  expect(await seriousA11yViolations(page)).toEqual([]);
  await lookAt(page, "messages-support-thread");

  // The seed family's thread, opened by the demo student: the not-found page, and 404 JSON over the API.
  const parent = await (await browser.newContext()).newPage();
  await signInAs(parent, "student");
  const answer = await parent.goto(page.url());
  expect(answer?.status()).toBe(404);
  const api = await parent.request.get(`/api/messages/threads/${page.url().split("/").pop()}`);
  expect(api.status()).toBe(404);
  expect(await api.json()).toEqual({ ok: false, message: "We could not find that conversation." });
});

test("support hides a message and shows it again, closes a conversation and reopens it; the family sees each step", async ({
  page,
  browser,
}) => {
  test.slow(); // two browsers on a 2-core machine
  const question = `Is there class on the holiday, ${randomTag()}?`;

  await openDemoTeacherConversation(page);
  await page.getByLabel(/^Your (message|reply)$/).fill(question);
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
  const threadUrl = page.url();
  const familyMessages = page.getByRole("list", { name: "Messages" });
  await expect(familyMessages).toContainText(question);

  const support = await (await browser.newContext()).newPage();
  await signInAs(support, "support");
  await support.goto(threadUrl);
  const item = support.getByRole("list", { name: "Messages" }).getByRole("listitem").filter({ hasText: question });

  // Hidden: the family sees that it was, support still reads it.
  await item.getByRole("button", { name: /^Hide this message/ }).click();
  await expect(item).toContainText("Hidden from the family and the teacher.");
  await page.reload();
  await expect(familyMessages).not.toContainText(question);
  await expect(familyMessages).toContainText("This message was hidden by our support team.");

  // Shown again: back for the family as it was written.
  await item.getByRole("button", { name: /^Show this message again/ }).click();
  await expect(item).not.toContainText("Hidden from the family and the teacher.");
  await page.reload();
  await expect(familyMessages).toContainText(question);

  // Closed: the family can no longer write; support can reopen it.
  await support.getByRole("button", { name: "Block this conversation" }).click();
  const reopen = support.getByRole("button", { name: "Reopen this conversation" });
  await expect(reopen).toBeVisible();
  expect(await seriousA11yViolations(support)).toEqual([]);
  await lookAt(support, "messages-support-closed");
  await page.reload();
  await expect(page.getByText("Our support team has closed this conversation")).toBeVisible();
  await expect(page.getByRole("button", { name: "Send message" })).toHaveCount(0);

  // Reopened: the family writes again.
  await reopen.click();
  await expect(support.getByRole("button", { name: "Block this conversation" })).toBeVisible();
  await page.reload();
  await page.getByLabel("Your reply").fill(`Thank you, ${randomTag()}.`);
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Message sent." }).first()).toBeAttached();
  await expect(familyMessages).toContainText("Thank you, ");
  await support.close();
});
