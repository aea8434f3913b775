import { randomUUID } from "node:crypto";

import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type Page } from "@playwright/test";

import { consentCookie, demoAccount } from "./support/auth";
import { createFreeSection, enrolNewFamily } from "./support/classroom";
import { lookAt } from "./support/look";

/**
 * The learner's own door: a parent turns on a picture-password sign-in for their child, the child
 * signs in on a phone, sees today's class at the family's clock (named), writes to the teacher, and
 * the parent reads the message in the family inbox. The child's session is refused the cart and the
 * grown-ups' routes.
 */
const TEACHER_ZONE = "America/Chicago";
const COURSE = "Python for Young Coders";
const PHONE = { width: 390, height: 844 };

/** A family zone where the class (in about 20 minutes) is still today: the page's "Today" is the family's. */
function familyZoneFor(start: Date): string {
  const candidates = ["America/Los_Angeles", "Europe/Paris", "Asia/Tokyo", "Pacific/Auckland"];
  const dayIn = (zone: string, at: Date) => new Intl.DateTimeFormat("en-CA", { timeZone: zone, dateStyle: "short" }).format(at);
  return candidates.find(
    (zone) =>
      dayIn(zone, start) === dayIn(zone, new Date(Date.now() + 60_000)) &&
      dayIn(zone, start) === dayIn(zone, new Date(start.getTime() + 60 * 60_000)),
  )!;
}

async function createSectionStartingAt(browser: Browser, start: Date): Promise<string> {
  const teacher = await (await browser.newContext({ timezoneId: TEACHER_ZONE })).newPage();
  // Through the form (not the saved state), so the spec runs on its own too (`--no-deps`).
  const account = demoAccount("teacher");
  await teacher.goto("/signin");
  await teacher.getByLabel("Email").fill(account.email);
  await teacher.getByLabel("Password", { exact: true }).fill(account.password);
  await teacher.getByRole("button", { name: "Log in" }).click();
  await expect(teacher.locator("[data-role]")).toBeVisible({ timeout: 30_000 });
  const sectionId = await createFreeSection(teacher, { course: COURSE, start, zone: TEACHER_ZONE, capacity: 4 });
  await teacher.context().close();
  return sectionId;
}

/** Every axe rule (WCAG 2 A and AA), whatever its impact: the child's pages have none. */
async function axeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return violations.map(({ id, impact, nodes }) => ({ id, impact, elements: nodes.slice(0, 3).map((node) => node.target.join(" ")) }));
}

test("a parent turns on a picture password; the child signs in on a phone, sees today's class and writes to the teacher; the parent reads it", async ({
  browser,
}) => {
  // Three browsers and four axe scans on a shared 2-core machine.
  test.setTimeout(600_000);
  const start = new Date(Math.ceil((Date.now() + 20 * 60_000) / 60_000) * 60_000);
  const zone = familyZoneFor(start);
  const sectionId = await createSectionStartingAt(browser, start);
  const child = `Pip${randomUUID().slice(0, 4)}`;
  const username = `pip-${randomUUID().slice(0, 8)}`;

  // The parent (browser in the family's zone, which the account adopts) enrols the child in the free class.
  const parentContext = await browser.newContext({ timezoneId: zone });
  await parentContext.addCookies([consentCookie()]);
  const parent = await parentContext.newPage();
  await enrolNewFamily(parent, { parent: "Door Parent", child, course: COURSE, sectionId, grade: "Grade 2" });

  // From the children list: a picture password (Cat, Sun, Tree), with the parent's consent.
  await parent.goto("/my-courses");
  const card = parent.getByRole("group", { name: `${child}'s own sign-in` });
  await expect(card).toContainText("Off.");
  await card.getByRole("button", { name: `Turn on a sign-in for ${child}` }).click();
  await card.getByLabel("Username").fill(username);
  for (const picture of ["Cat", "Sun", "Tree"]) await card.getByRole("button", { name: picture, exact: true }).click();
  await expect(card).toContainText("You picked: Cat, Sun, Tree.");
  await card.getByRole("button", { name: `Save ${child}'s sign-in` }).click();
  // Without the consent, nothing is saved and the box says why.
  await expect(card.getByText("Please agree that your child may sign in on their own.")).toBeVisible();
  await card.getByRole("checkbox").check();
  await card.getByRole("button", { name: `Save ${child}'s sign-in` }).click();
  await expect(card.getByRole("status")).toHaveText(`${child} can now sign in as ${username} at /kids.`);
  await expect(card).toContainText(`On: username ${username}, a picture password.`);
  await lookAt(parent, "parent-sign-in-on");

  // The child, on a phone: from the site's sign-in page to the children's.
  const kidContext = await browser.newContext({ timezoneId: zone, viewport: PHONE, isMobile: true, hasTouch: true });
  await kidContext.addCookies([consentCookie()]);
  const kid = await kidContext.newPage();
  await kid.goto("/signin");
  await kid.getByRole("link", { name: "Kids sign in here" }).click();
  await expect(kid).toHaveURL(/\/kids$/);
  expect(await axeViolations(kid)).toEqual([]);
  await kid.getByLabel("Your name to sign in").fill(username);
  // A wrong order first: refused, and the pictures start again.
  for (const picture of ["Sun", "Cat", "Tree"]) await kid.getByRole("button", { name: picture, exact: true }).click();
  await kid.getByRole("button", { name: "Sign in" }).click();
  // (Next's route announcer is an alert too: the form's own is found by its words.)
  await expect(kid.getByRole("main").getByRole("alert").filter({ hasText: "That is not right. Try again." })).toBeVisible({
    timeout: 15_000,
  });
  for (const picture of ["Cat", "Sun", "Tree"]) await kid.getByRole("button", { name: picture, exact: true }).click();
  await lookAt(kid, "kids-sign-in");
  await kid.getByRole("button", { name: "Sign in" }).click();
  await expect(kid).toHaveURL(/\/learn$/);
  await expect(kid.getByRole("heading", { level: 1 })).toHaveText(`Hi ${child}!`);

  // Today's class at the family's clock, the zone named.
  const clock = new Intl.DateTimeFormat("en-US", { timeZone: zone, hour: "numeric", minute: "2-digit" }).format(start);
  const today = kid.getByRole("region", { name: "Today" });
  const line = today.getByRole("listitem").filter({ hasText: COURSE });
  await expect(line).toContainText(`Today at ${clock}`);
  await expect(kid.getByRole("main")).toContainText(/Times are .+\./);
  await expect(line.getByText("Join opens 10 minutes before")).toBeVisible();
  expect(await axeViolations(kid)).toEqual([]);
  await lookAt(kid, "learn-phone");

  // The child's session buys nothing and reads nothing of the grown-ups'.
  await kid.goto("/cart");
  await expect(kid).toHaveURL(/\/learn$/);
  const refused = await kid.request.post("/api/messages", {
    data: { threadId: randomUUID(), body: "hi" },
    headers: { origin: new URL(kid.url()).origin },
  });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toBe("This is for grown-ups. Ask your parent to sign in.");

  // The child writes to the teacher.
  await kid.goto("/learn");
  await kid
    .getByRole("region", { name: "Today" })
    .getByRole("link", { name: /^Write to / })
    .first()
    .click();
  await expect(kid.getByRole("heading", { level: 1 })).toHaveText(/^Write to your teacher$|^Talk with /);
  const words = `Can we make a game next time? ${randomUUID().slice(0, 6)}`;
  await kid.getByLabel("Your message").fill(words);
  await kid.getByRole("button", { name: "Send" }).click();
  await expect(kid.getByRole("main").getByRole("status")).toHaveText("Sent!", { timeout: 15_000 });
  await expect(kid.getByRole("listitem").filter({ hasText: words })).toContainText("You");
  expect(await axeViolations(kid)).toEqual([]);
  await lookAt(kid, "learn-message");

  // The parent reads it in the family inbox, named as the child's.
  await parent.goto("/share-a-message");
  await parent.getByRole("link", { name: new RegExp(`${COURSE}, for ${child}`) }).click();
  const message = parent.getByRole("listitem").filter({ hasText: words });
  await expect(message).toContainText(child);
  await lookAt(parent, "parent-inbox");
});
