import { expect, type Browser, type Page } from "@playwright/test";

import { consentCookie, freshSignedInState, signUpParent } from "./auth";
import { CHROMIUM_LAUNCH } from "./server";

/**
 * The steps the class specs share (e2e/classroom.spec.ts, e2e/learner.spec.ts, e2e/classes.spec.ts):
 * a teacher's free section starting at a given minute, a new family's seat in it through the cart,
 * a child's own picture sign-in, and coming into the live classroom as the teacher, a parent or a child.
 */

/** The browser for a live class: fake camera and microphone, media between pages on this machine. */
export const CLASSROOM_LAUNCH = {
  ...CHROMIUM_LAUNCH,
  args: [
    ...CHROMIUM_LAUNCH.args,
    "--use-fake-device-for-media-stream",
    "--use-fake-ui-for-media-stream",
    "--allow-loopback-in-peer-connection",
    "--disable-features=WebRtcHideLocalIpsWithMdns",
    "--autoplay-policy=no-user-gesture-required",
  ],
};

/** A page in a browser context of its own on `zone`'s clock, the cookie banner answered, signed in as `role` if given. */
export async function classroomPage(browser: Browser, zone: string, role?: "teacher" | "support"): Promise<Page> {
  const context = await browser.newContext({
    timezoneId: zone,
    ...(role ? { storageState: await freshSignedInState(browser, role) } : {}),
  });
  await context.addCookies([consentCookie()]);
  return context.newPage();
}

/** How many remote <video>s on the page show frames (a width) and play on (their time advances). */
export async function playingRemoteVideos(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const videos = [...document.querySelectorAll<HTMLVideoElement>('video[data-testid="remote-video"]')];
    const before = videos.map((v) => v.currentTime);
    await new Promise((resolve) => setTimeout(resolve, 800));
    return videos.filter((v, i) => v.videoWidth > 0 && v.currentTime > before[i]!).length;
  });
}

/** The picture password the specs give a child (in order). */
export const CHILD_PICTURES = ["Cat", "Sun", "Tree"] as const;

/** The wall clock in `zone`: the section form's fields (date, time, weekday). */
export function wallClockIn(zone: string, at: Date) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
      weekday: "long",
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}`, weekday: parts.weekday! };
}

/**
 * A free, open group section of `course` meeting weekly from `start` (the teacher's page is signed in
 * and in `zone`); its id. Its row is the newest free one of that course with `capacity` seats and
 * none taken, so a spec that picks a capacity no other spec uses finds its own even beside them.
 */
export async function createFreeSection(
  teacher: Page,
  {
    course,
    start,
    zone,
    capacity,
    durationMinutes = 30,
  }: { course: string; start: Date; zone: string; capacity: number; durationMinutes?: number },
): Promise<string> {
  const wall = wallClockIn(zone, start);
  await teacher.goto("/teacher/sections/new");
  await teacher.getByLabel("Course").selectOption({ label: course });
  await teacher.getByLabel("Class type").selectOption({ label: "Group" });
  await teacher.getByLabel("Capacity").fill(String(capacity));
  await teacher.getByLabel("Price").fill("0.00");
  await teacher.getByLabel("First day").fill(wall.date);
  await teacher.getByRole("checkbox", { name: wall.weekday }).check();
  await teacher.getByLabel("Start time").fill(wall.time);
  await teacher.getByLabel("Duration").fill(String(durationMinutes));
  await teacher.getByLabel("Status").selectOption("open");
  await teacher.getByRole("button", { name: "Create section" }).click();
  // A first save after the server starts compiles the action: more than the default 5 s on a busy machine.
  await expect(teacher).toHaveURL(/\/teacher\/sections$/, { timeout: 30_000 });
  const hrefs = await teacher
    .getByRole("row")
    .filter({ hasText: course })
    .filter({ hasText: "$0.00" })
    .filter({ hasText: `0 / ${capacity}` })
    .getByRole("link")
    .evaluateAll((anchors) =>
      anchors.map((anchor) => anchor.getAttribute("href") ?? "").filter((href) => /\/teacher\/sections\/\d+$/.test(href)),
    );
  const ids = hrefs.map((href) => Number(/(\d+)$/.exec(href)![1]));
  expect(ids.length).toBeGreaterThan(0);
  return String(Math.max(...ids));
}

/** A new parent account (signed in on `page`) whose child takes a seat in the free section through the cart. */
export async function enrolNewFamily(
  page: Page,
  {
    parent,
    child,
    course,
    sectionId,
    grade = "Grade 4",
  }: { parent: string; child: string; course: string; sectionId: string; grade?: string },
): Promise<void> {
  await signUpParent(page, parent);
  await page.goto(`/cart?add=${sectionId}`);
  const panel = page.getByRole("region", { name: course });
  await panel.getByLabel("Child's first name").fill(child);
  await panel.getByLabel("Grade", { exact: true }).selectOption({ label: grade });
  await panel.getByRole("button", { name: "Add to cart" }).click();
  await page.getByRole("button", { name: /^Pay \$0\.00 with/ }).click();
  await expect(page.getByRole("heading", { name: "You are enrolled" })).toBeVisible();
}

/** From My courses, the parent turns on the child's own sign-in: `username` and the picture password, with their consent. */
export async function turnOnChildSignIn(parent: Page, child: string, username: string): Promise<void> {
  await parent.goto("/my-courses");
  const card = parent.getByRole("group", { name: `${child}'s own sign-in` });
  await card.getByRole("button", { name: `Turn on a sign-in for ${child}` }).click();
  await card.getByLabel("Username").fill(username);
  for (const picture of CHILD_PICTURES) await card.getByRole("button", { name: picture, exact: true }).click();
  await card.getByRole("checkbox").check();
  await card.getByRole("button", { name: `Save ${child}'s sign-in` }).click();
  await expect(card.getByRole("status")).toHaveText(`${child} can now sign in as ${username} at /kids.`);
}

/** The child signs in at /kids with their name and pictures, and lands on their own page. */
export async function signInChild(page: Page, username: string): Promise<void> {
  await page.goto("/kids");
  await page.getByLabel("Your name to sign in").fill(username);
  for (const picture of CHILD_PICTURES) await page.getByRole("button", { name: picture, exact: true }).click();
  await page.getByRole("button", { name: "Sign in" }).click();
  // The picture password costs a deliberate hash: on a loaded machine that takes a few seconds.
  await expect(page).toHaveURL(/\/learn$/, { timeout: 20_000 });
}

/** Who comes into a section's classroom, and how. */
export type ClassroomGuest =
  /** The section's teacher (signed in on the page): straight into the room. */
  | { as: "teacher"; sectionId: string }
  /** A parent holding a seat (signed in on the page), shown in the room by their child's `name`. */
  | { as: "family"; sectionId: string; name: string; admittedBy?: Page }
  /** A child on their own sign-in: signs in at /kids and presses the Join of `course` on their own page. */
  | { as: "child"; sectionId: string; name: string; username: string; course: string; admittedBy?: Page };

/**
 * How long the teacher's page may take to show a change on the roster: it asks the server every
 * 3 seconds (ROSTER_POLL_MS), and on a loaded CI machine one answer took longer than an assertion's 5 s.
 */
export const ROSTER_WAIT = { timeout: 30_000 };

/** The teacher's roster line of a family or child. */
export const rosterLine = (teacher: Page, name: string) =>
  teacher.getByRole("list", { name: "Roster" }).getByTestId("roster-line").filter({ hasText: name });

/** The teacher (in the room) sees `name` waiting and lets them in; their page shows their own camera. */
export async function admit(teacher: Page, guest: Page, name: string): Promise<void> {
  await expect(rosterLine(teacher, name)).toContainText("Waiting", ROSTER_WAIT);
  await teacher
    .getByRole("list", { name: "Roster" })
    .getByRole("button", { name: `Admit ${name}` })
    .click();
  await expect(guest.getByTestId("local-video")).toBeVisible({ timeout: 60_000 });
}

/**
 * Comes into the section's classroom as `who` and presses Join: the teacher is in the room; a family
 * or a child waits, and is let in when `admittedBy` (the teacher's page, already in the room) is given.
 */
export async function joinClassroomAs(page: Page, who: ClassroomGuest): Promise<void> {
  const path = `/classroom/${who.sectionId}`;
  if (who.as === "child") {
    await signInChild(page, who.username);
    await page
      .getByRole("region", { name: "Today" })
      .getByRole("link", { name: `Join ${who.course}` })
      .click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  } else await page.goto(path);
  await page.getByRole("button", { name: "Join the class" }).click();
  if (who.as === "teacher") {
    await expect(page.getByTestId("local-video")).toBeVisible({ timeout: 60_000 });
    return;
  }
  // The room's answer (a pass, or "wait") may take a while on a busy machine.
  await expect(page.getByText("You are in the waiting room.")).toBeVisible({ timeout: 30_000 });
  if (who.admittedBy) await admit(who.admittedBy, page, who.name);
}
