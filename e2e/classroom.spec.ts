import { expect, test, type Browser, type Page } from "@playwright/test";

import { signedInState, signUpParent, consentCookie } from "./support/auth";

/**
 * The live class in the product: a section of the demo teacher starting in a couple of minutes,
 * two families who paid a seat, a parent without one; media through the Janus the server started
 * (scripts/janus.mjs), fake camera and microphone in Chromium.
 */
const ZONE = "America/Chicago";
const COURSE = "Scratch Game Design";

test.use({
  timezoneId: ZONE,
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium-headless-shell",
    args: [
      "--no-sandbox",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-gpu",
      "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1, EXCLUDE ::1",
      "--use-fake-device-for-media-stream",
      "--use-fake-ui-for-media-stream",
      "--allow-loopback-in-peer-connection",
      "--disable-features=WebRtcHideLocalIpsWithMdns",
      "--autoplay-policy=no-user-gesture-required",
    ],
  },
});

/** Wall-clock parts of an instant in the section's zone. */
function inZone(instant: Date) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", { timeZone: ZONE, weekday: "long", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  );
  const date = new Intl.DateTimeFormat("en-CA", { timeZone: ZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(instant);
  return { date, weekday: parts.weekday!, time: `${parts.hour}:${parts.minute}` };
}

async function contextPage(browser: Browser, role?: "teacher" | "support") {
  const context = await browser.newContext({ timezoneId: ZONE, ...(role ? { storageState: signedInState(role) } : {}) });
  await context.addCookies([consentCookie()]);
  return context.newPage();
}

/** A new parent who takes a seat in the (free) section through the cart. */
async function enrolNewFamily(page: Page, name: string, child: string, sectionId: string) {
  await signUpParent(page, name);
  await page.goto(`/cart?add=${sectionId}`);
  const panel = page.getByRole("region", { name: COURSE });
  await panel.getByLabel("Child's first name").fill(child);
  await panel.getByLabel("Grade", { exact: true }).selectOption({ label: "Grade 4" });
  await panel.getByRole("button", { name: "Add to cart" }).click();
  await page.getByRole("button", { name: /^Pay \$0\.00 with/ }).click();
  await expect(page.getByRole("heading", { name: "You are enrolled" })).toBeVisible();
}

/** Every remote <video> on the page shows frames (a width) and plays on (its time advances). */
async function playingRemoteVideos(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const videos = [...document.querySelectorAll<HTMLVideoElement>('video[data-testid="remote-video"]')];
    const before = videos.map((v) => v.currentTime);
    await new Promise((resolve) => setTimeout(resolve, 800));
    return videos.filter((v, i) => v.videoWidth > 0 && v.currentTime > before[i]!).length;
  });
}

test("teacher and two families see each other in the classroom; strangers, a copied link and a removed family stay out; attendance is pre-filled", async ({
  browser,
}, testInfo) => {
  test.setTimeout(420_000);
  // Starts in about two minutes: the seats cover its first session, and the join window (10 minutes before) is open.
  const start = new Date(Math.ceil((Date.now() + 2 * 60_000) / 60_000) * 60_000);
  const wall = inZone(start);

  const teacher = await contextPage(browser, "teacher");
  await teacher.goto("/teacher/sections/new");
  await teacher.getByLabel("Course").selectOption({ label: COURSE });
  await teacher.getByLabel("Class type").selectOption({ label: "Group" });
  // Seven seats: no other spec makes a section of that size, so its row is this one.
  await teacher.getByLabel("Capacity").fill("7");
  await teacher.getByLabel("Price").fill("0.00");
  await teacher.getByLabel("First day").fill(wall.date);
  await teacher.getByRole("checkbox", { name: wall.weekday }).check();
  await teacher.getByLabel("Start time").fill(wall.time);
  await teacher.getByLabel("Duration").fill("60");
  await teacher.getByLabel("Status").selectOption("open");
  await teacher.getByRole("button", { name: "Create section" }).click();
  await expect(teacher).toHaveURL(/\/teacher\/sections$/);
  const row = teacher.getByRole("row").filter({ hasText: COURSE }).filter({ hasText: "$0.00" }).filter({ hasText: "0 / 7" });
  const sectionId = /\/(\d+)$/.exec((await row.getByRole("link").first().getAttribute("href")) ?? "")![1]!;
  const classroomPath = `/classroom/${sectionId}`;

  const ana = await contextPage(browser);
  const ben = await contextPage(browser);
  await enrolNewFamily(ana, "Ana Parent", "Ana", sectionId);
  await enrolNewFamily(ben, "Ben Parent", "Ben", sectionId);

  // A parent without a seat, and a copied link opened signed out: a clear page, never the room.
  const stranger = await contextPage(browser);
  await signUpParent(stranger, "No Seat");
  await stranger.goto(classroomPath);
  await expect(stranger.getByRole("heading", { name: "You cannot join this class" })).toBeVisible();
  await expect(stranger.getByRole("main").getByRole("alert")).toHaveText("That class is not one you are booked into.");
  await expect(stranger.getByRole("button", { name: "Join the class" })).toHaveCount(0);
  const refused = await stranger.request.get(`/api/classroom/${sectionId}`);
  expect(refused.status()).toBe(403);
  expect(JSON.stringify(await refused.json())).not.toMatch(/roomToken|janusToken/);
  const copied = await contextPage(browser);
  await copied.goto(classroomPath);
  await expect(copied).toHaveURL(/\/signup\?callbackUrl=%2Fclassroom%2F\d+$/);

  // The family's Join button on My courses leads to the classroom.
  await ana.goto("/my-courses");
  const join = ana.locator(`a[href="/api/classes/join?section=${sectionId}"]`);
  await expect(join).toBeVisible();
  await ana.goto(`/api/classes/join?section=${sectionId}`);
  await expect(ana).toHaveURL(new RegExp(`${classroomPath}$`));

  // The one page that may use the camera and the microphone (the rest of the site turns them off).
  const classroomPage = await teacher.goto(classroomPath);
  expect(classroomPage?.headers()["permissions-policy"]).toContain("camera=(self), microphone=(self)");
  await teacher.getByRole("button", { name: "Join the class" }).click();
  await expect(teacher.getByTestId("local-video")).toBeVisible();

  // The families wait until the teacher lets them in.
  await ana.getByRole("button", { name: "Join the class" }).click();
  await ben.goto(classroomPath);
  await ben.getByRole("button", { name: "Join the class" }).click();
  for (const family of [ana, ben]) await expect(family.getByText("You are in the waiting room.")).toBeVisible();
  const roster = teacher.getByRole("list", { name: "Roster" });
  await expect(roster.getByTestId("roster-line").filter({ hasText: "Ana" })).toContainText("Waiting");
  await expect(roster.getByTestId("roster-line").filter({ hasText: "Ben" })).toContainText("Waiting");
  await roster.getByRole("button", { name: "Admit Ana" }).click();
  await expect(ana.getByTestId("local-video")).toBeVisible({ timeout: 60_000 });
  await expect(ben.getByText("You are in the waiting room.")).toBeVisible();
  await teacher.getByRole("button", { name: "Admit everyone" }).click();
  await expect(ben.getByTestId("local-video")).toBeVisible({ timeout: 60_000 });

  // Camera and microphone start off for the families; they turn the camera on themselves.
  for (const family of [ana, ben]) {
    await expect(family.getByRole("button", { name: "Turn camera on" })).toBeVisible();
    await family.getByRole("button", { name: "Turn camera on" }).click();
  }
  // Each receives the other two's video, playing.
  for (const page of [teacher, ana, ben]) await expect.poll(() => playingRemoteVideos(page), { timeout: 90_000 }).toBe(2);
  await expect(roster.getByTestId("roster-line").filter({ hasText: "Ana" })).toContainText("In the class", { timeout: 60_000 });
  await teacher.screenshot({ path: testInfo.outputPath("classroom-teacher.png"), fullPage: true });
  await ana.screenshot({ path: testInfo.outputPath("classroom-family.png"), fullPage: true });

  // "Mute all": the media server mutes each family's microphone and tells them.
  await teacher.getByRole("button", { name: "Mute all" }).click();
  for (const family of [ana, ben]) await expect(family.getByText("The teacher muted your microphone.")).toBeVisible({ timeout: 60_000 });

  // Removed: out of the room, and no way back into this session.
  await roster.getByRole("button", { name: "Remove Ben" }).click();
  await expect(ben.getByRole("main").getByRole("alert")).toContainText("The teacher removed you from this session", { timeout: 60_000 });
  await ben.goto(classroomPath);
  await ben.getByRole("button", { name: "Join the class" }).click();
  await expect(ben.getByRole("main").getByRole("alert")).toHaveText(
    "The teacher removed you from this session. You can join the next one.",
  );
  await expect(roster.getByTestId("roster-line").filter({ hasText: "Ben" })).toContainText("Removed");

  // The attendance sheet, once the session has started, is pre-filled from who joined.
  const sheet = `/teacher/sections/${sectionId}/attendance`;
  const attendance = await contextPage(browser, "teacher");
  await expect
    .poll(
      async () => {
        await attendance.goto(sheet);
        return attendance.getByRole("group", { name: "Ana (grade 4)" }).count();
      },
      { timeout: 200_000, intervals: [10_000] },
    )
    .toBe(1);
  for (const child of ["Ana", "Ben"]) {
    const line = attendance.getByRole("group", { name: `${child} (grade 4)` });
    await expect(line.getByRole("radio", { name: "Present" })).toBeChecked();
    await expect(line).toContainText("Pre-filled from the classroom: joined at");
  }
  await attendance.screenshot({ path: testInfo.outputPath("attendance-prefilled.png"), fullPage: true });
});

test("a child signed in on their own joins from their space and is admitted to the class, under their own name", async ({
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  const start = new Date(Math.ceil((Date.now() + 2 * 60_000) / 60_000) * 60_000);
  const wall = inZone(start);
  const teacher = await contextPage(browser, "teacher");
  await teacher.goto("/teacher/sections/new");
  await teacher.getByLabel("Course").selectOption({ label: COURSE });
  await teacher.getByLabel("Class type").selectOption({ label: "Group" });
  // Nine seats: no other spec makes a section of that size, so its row is this one.
  await teacher.getByLabel("Capacity").fill("9");
  await teacher.getByLabel("Price").fill("0.00");
  await teacher.getByLabel("First day").fill(wall.date);
  await teacher.getByRole("checkbox", { name: wall.weekday }).check();
  await teacher.getByLabel("Start time").fill(wall.time);
  await teacher.getByLabel("Duration").fill("30");
  await teacher.getByLabel("Status").selectOption("open");
  await teacher.getByRole("button", { name: "Create section" }).click();
  await expect(teacher).toHaveURL(/\/teacher\/sections$/);
  const row = teacher.getByRole("row").filter({ hasText: COURSE }).filter({ hasText: "$0.00" }).filter({ hasText: "0 / 9" });
  const sectionId = /\/(\d+)$/.exec((await row.getByRole("link").first().getAttribute("href")) ?? "")![1]!;

  // The parent enrols Kai and turns on Kai's picture password (Cat, Sun, Tree).
  const parent = await contextPage(browser);
  const child = `Kai${Math.random().toString(36).slice(2, 6)}`;
  const username = `kai-${Math.random().toString(36).slice(2, 10)}`;
  await enrolNewFamily(parent, "Kai Parent", child, sectionId);
  await parent.goto("/my-courses");
  const card = parent.getByRole("group", { name: `${child}'s own sign-in` });
  await card.getByRole("button", { name: `Turn on a sign-in for ${child}` }).click();
  await card.getByLabel("Username").fill(username);
  for (const picture of ["Cat", "Sun", "Tree"]) await card.getByRole("button", { name: picture, exact: true }).click();
  await card.getByRole("checkbox").check();
  await card.getByRole("button", { name: `Save ${child}'s sign-in` }).click();
  await expect(card.getByRole("status")).toHaveText(`${child} can now sign in as ${username} at /kids.`);

  // The child signs in at /kids and presses the big Join on their own page: into the classroom.
  const kid = await contextPage(browser);
  await kid.goto("/kids");
  await kid.getByLabel("Your name to sign in").fill(username);
  for (const picture of ["Cat", "Sun", "Tree"]) await kid.getByRole("button", { name: picture, exact: true }).click();
  await kid.getByRole("button", { name: "Sign in" }).click();
  await expect(kid).toHaveURL(/\/learn$/);
  await kid
    .getByRole("region", { name: "Today" })
    .getByRole("link", { name: `Join ${COURSE}` })
    .click();
  await expect(kid).toHaveURL(new RegExp(`/classroom/${sectionId}$`));
  await kid.getByRole("button", { name: "Join the class" }).click();
  await expect(kid.getByText("You are in the waiting room.")).toBeVisible();

  // The teacher sees the child waiting and lets them in.
  await teacher.goto(`/classroom/${sectionId}`);
  await teacher.getByRole("button", { name: "Join the class" }).click();
  const roster = teacher.getByRole("list", { name: "Roster" });
  await expect(roster.getByTestId("roster-line").filter({ hasText: child })).toContainText("Waiting");
  await roster.getByRole("button", { name: `Admit ${child}` }).click();
  await expect(kid.getByTestId("local-video")).toBeVisible({ timeout: 60_000 });
  await kid.getByRole("button", { name: "Turn camera on" }).click();
  // The teacher receives the child's video, under the child's own name.
  await expect.poll(() => playingRemoteVideos(teacher), { timeout: 90_000 }).toBe(1);
  await expect(teacher.locator(`video[data-testid="remote-video"][data-display="${child}"]`)).toHaveCount(1);
  await kid.screenshot({ path: testInfo.outputPath("classroom-child.png"), fullPage: true });
  await kid.screenshot({ path: "/tmp/issue-44c-classroom-child.png", fullPage: true });
  await roster.getByTestId("roster-line").filter({ hasText: child }).waitFor();
});
