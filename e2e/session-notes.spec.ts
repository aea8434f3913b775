import { randomUUID } from "node:crypto";

import { expect, test, type Browser, type Page } from "@playwright/test";

import { scanPage, seriousA11yViolations } from "./support/a11y";
import { signInAs } from "./support/auth";
import { lookAt } from "./support/look";

/**
 * Issue 28, the note after every session. The embedded default seeds the demo teacher's running
 * Scratch class (America/Chicago) with the demo student's Sam and a seeded family's Ava and Leo, and
 * notes on its first three sessions (lib/wiring/seed/live-class.ts).
 */
const ZONE = "America/Chicago";
const SEEDED_COURSE = "Scratch Game Design";
const SEEDED_PRICE = "$89.00";

test.use({ timezoneId: ZONE });

async function signedIn(browser: Browser, role: "student" | "teacher") {
  const page = await (await browser.newContext({ timezoneId: ZONE })).newPage();
  await signInAs(page, role);
  return page;
}

async function seededSectionId(teacher: Page): Promise<string> {
  await teacher.goto("/teacher/sections");
  const row = teacher.getByRole("row").filter({ hasText: SEEDED_COURSE }).filter({ hasText: SEEDED_PRICE });
  const href = await row.getByRole("link").first().getAttribute("href");
  return /\/(\d+)$/.exec(href ?? "")![1]!;
}

test("a teacher writes a session note and the parent sees it beside the attendance, their own child's line only", async ({ browser }) => {
  test.slow(); // two browsers and two axe scans on a 2-core machine
  const tag = randomUUID().slice(0, 6);
  const covered = `Broadcast messages between sprites ${tag}`;
  const samLine = `Sam made the cat and the dog talk ${tag}`;
  const avaLine = `Ava added a score counter ${tag}`;

  const teacher = await signedIn(browser, "teacher");
  const sectionId = await seededSectionId(teacher);
  // The section list leads to the sheet, which opens on the latest started session. (The dashboard's
  // next classes link to it too, but show only the next three, which other specs' demos and classes
  // of the same teacher can fill.)
  const sheetPath = `/teacher/sections/${sectionId}/attendance`;
  const sheetLink = teacher.locator(`a[href="${sheetPath}"]`);
  await expect(sheetLink).toHaveText(`Attendance and note of ${SEEDED_COURSE}`);
  await sheetLink.click();
  await expect(teacher).toHaveURL(new RegExp(`${sheetPath}$`));
  const note = teacher.getByRole("region", { name: "Session note" });

  // Refused with field messages, and nothing lost of what was typed.
  await note.getByLabel("What the session covered").fill("   ");
  await note.getByLabel("Homework link (optional)").fill("javascript:alert(1)");
  await note.getByRole("button", { name: /^(Save|Update) note$/ }).click();
  await expect(note.getByLabel("What the session covered")).toHaveAccessibleDescription("Write what the session covered.");
  await expect(note.getByLabel("Homework link (optional)")).toHaveAccessibleDescription(
    "The homework link must be a web address starting with http:// or https://.",
  );
  await expect(note.getByLabel("Homework link (optional)")).toHaveAttribute("aria-invalid", "true");
  await teacher.getByRole("heading", { name: "Session note" }).scrollIntoViewIfNeeded();
  await lookAt(teacher, "notes-teacher-refused", { fullPage: false });
  await expect(note.getByLabel("Homework link (optional)")).toHaveValue("javascript:alert(1)");

  await note.getByLabel("What the session covered").fill(covered);
  await note.getByLabel("Homework link (optional)").fill("https://scratch.mit.edu/ideas");
  await note.getByLabel(/^Line for Sam/).fill(samLine);
  await note.getByLabel(/^Line for Ava/).fill(avaLine);
  await note.getByRole("button", { name: /^(Save|Update) note$/ }).click();
  await expect(note.getByRole("status").filter({ hasText: /^Session note (saved|updated)/ })).toBeVisible();

  // Editable: the saved note comes back in the form, and a correction is saved over it.
  await teacher.reload();
  await expect(note.getByLabel("What the session covered")).toHaveValue(covered);
  // The sheet with its saved note, scanned before a toast is up.
  await teacher.getByRole("button", { name: "I Understand" }).click();
  expect(await seriousA11yViolations(teacher)).toEqual([]);
  await note.getByLabel("What the session covered").fill(`${covered}, and a quiz`);
  await note.getByRole("button", { name: "Update note" }).click();
  await expect(note.getByRole("status").filter({ hasText: "Session note updated." })).toBeVisible();
  await note.scrollIntoViewIfNeeded();
  await lookAt(teacher, "session-note-teacher");

  // The parent: the note beside Sam's attendance, Sam's line, never Ava's.
  const parent = await signedIn(browser, "student");
  const scan = await scanPage(parent, "/my-courses", {
    prepare: (page) => page.getByRole("button", { name: "I Understand" }).click(),
  });
  expect(scan.violations).toEqual([]);
  const table = parent.getByRole("table", { name: "Attendance and session notes" });
  const row = table.getByRole("row").filter({ hasText: covered });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`${covered}, and a quiz`);
  await expect(row).toContainText(`For Sam: ${samLine}`);
  await expect(row).toContainText(SEEDED_COURSE);
  await expect(row.getByRole("link", { name: /scratch\.mit\.edu\/ideas/ })).toHaveAttribute("href", "https://scratch.mit.edu/ideas");
  await expect(parent.getByRole("main")).not.toContainText(avaLine);
  // The seeded notes are there too, with Sam's lines only.
  await expect(table.getByRole("row").filter({ hasText: "Sam chose a dragon instead of the cat" })).toContainText("Present");
  await expect(parent.getByRole("main")).not.toContainText("Leo asked how to add sound");
  await row.scrollIntoViewIfNeeded();
  await lookAt(parent, "notes-parent");

  // Private: the course page shows nothing of any note.
  const visitor = await (await browser.newContext()).newPage();
  const coursePage = await visitor.goto("/courses/scratch-game-design");
  expect(coursePage?.status()).toBe(200);
  const html = await coursePage!.text();
  for (const text of [covered, samLine, avaLine, "Sam chose a dragon", "Sprites and the stage"]) expect(html).not.toContain(text);
  await expect(visitor.getByRole("main")).not.toContainText(tag);
});
