import { readFileSync } from "node:fs";

import { expect, test, type Page } from "@playwright/test";

import {
  CLASSROOM_LAUNCH,
  classroomPage,
  createFreeSection,
  enrolNewFamily,
  joinClassroomAs,
  playingRemoteVideos,
} from "./support/classroom";
import { E2E_JANUS_PID_FILE } from "./support/server";

/**
 * The media server killed mid-class: each page in the room says the class is reconnecting (a status
 * the screen reader reads), the rest of the product answers as before (the classroom's own API with a
 * clear 503, never a 500), and when the media server is back (scripts/janus.mjs starts it again after
 * E2E_JANUS_RESTART_DELAY_MS) the pages come into the same room with a fresh pass and receive each
 * other's video again, with nothing pressed.
 */
const ZONE = "America/Chicago";
const COURSE = "Scratch Game Design";

test.use({ timezoneId: ZONE, launchOptions: CLASSROOM_LAUNCH });

/**
 * How bright each remote <video>'s picture is (the mean of its pixels, 0 to 255): the fake camera's
 * picture is far from black; a camera that is off (its track disabled) sends black frames.
 */
async function remotePictureBrightness(page: Page): Promise<number[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLVideoElement>('video[data-testid="remote-video"]')].map((video) => {
      const canvas = document.createElement("canvas");
      canvas.width = 64;
      canvas.height = 36;
      const context = canvas.getContext("2d")!;
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      let sum = 0;
      for (let i = 0; i < data.length; i += 4) sum += (data[i]! + data[i + 1]! + data[i + 2]!) / 3;
      return sum / (data.length / 4);
    }),
  );
}
/** The least bright picture that counts as a camera that is on. */
const CAMERA_ON = 20;

const mediaServerPid = () => Number(readFileSync(E2E_JANUS_PID_FILE, "utf8").trim());
const reconnecting = (page: Page) => page.getByRole("status").filter({ hasText: "The class is reconnecting…" });

test("the media server killed mid-class: the pages say the class is reconnecting and come back with video when it returns; the rest of the product keeps working", async ({
  browser,
}) => {
  test.setTimeout(360_000);
  const start = new Date(Math.ceil((Date.now() + 2 * 60_000) / 60_000) * 60_000);
  const teacher = await classroomPage(browser, ZONE, "teacher");
  // Five seats: no other spec makes a section of that size, so its row is this one.
  const sectionId = await createFreeSection(teacher, { course: COURSE, start, zone: ZONE, capacity: 5, durationMinutes: 60 });
  const family = await classroomPage(browser, ZONE);
  await enrolNewFamily(family, { parent: "Cleo Parent", child: "Cleo", course: COURSE, sectionId });

  await joinClassroomAs(teacher, { as: "teacher", sectionId });
  await joinClassroomAs(family, { as: "family", sectionId, name: "Cleo", admittedBy: teacher });
  await family.getByRole("button", { name: "Turn camera on" }).click();
  for (const page of [teacher, family]) await expect.poll(() => playingRemoteVideos(page), { timeout: 90_000 }).toBe(1);
  await expect.poll(async () => (await remotePictureBrightness(teacher))[0] ?? 0, { timeout: 30_000 }).toBeGreaterThan(CAMERA_ON);

  // The media server dies (SIGKILL: no goodbye to anyone).
  const killed = mediaServerPid();
  process.kill(killed, "SIGKILL");
  for (const page of [teacher, family]) {
    await expect(reconnecting(page)).toBeVisible({ timeout: 20_000 });
    // It says it is trying again by itself, and when.
    await expect(reconnecting(page)).toContainText(/come back in by yourself \(next try in \d+ s\)/);
  }
  await expect(family.getByTestId("remote-video")).toHaveCount(0);

  // Meanwhile the rest of the product answers: the classroom's API with a clear 503, other pages as always.
  const refused = await family.request.get(`/api/classroom/${sectionId}`);
  expect(refused.status()).toBe(503);
  expect(await refused.json()).toMatchObject({ message: "The classroom's media server is not answering. Try again in a moment." });
  expect((await family.request.get("/my-courses")).status()).toBe(200);
  expect((await teacher.request.get("/teacher/sections")).status()).toBe(200);

  // Back (a new process): both pages come into the room again by themselves and receive each other's video.
  await expect.poll(() => mediaServerPid(), { timeout: 60_000 }).not.toBe(killed);
  for (const page of [teacher, family]) {
    await expect(reconnecting(page)).toBeHidden({ timeout: 90_000 });
    await expect.poll(() => playingRemoteVideos(page), { timeout: 90_000 }).toBe(1);
  }
  // The family's camera stayed as the family left it: on (its button says so, and the teacher sees its picture, not black).
  await expect(family.getByRole("button", { name: "Turn camera off" })).toBeVisible();
  await expect.poll(async () => (await remotePictureBrightness(teacher))[0] ?? 0, { timeout: 30_000 }).toBeGreaterThan(CAMERA_ON);
  // The teacher's roster and controls work again.
  await expect(teacher.getByRole("list", { name: "Roster" }).getByTestId("roster-line").filter({ hasText: "Cleo" })).toContainText(
    "In the class",
    { timeout: 60_000 },
  );
});
