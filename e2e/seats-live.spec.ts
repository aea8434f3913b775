import { randomUUID } from "node:crypto";

import { expect, test } from "@playwright/test";

import { createCourseAsAdmin, createSectionAsAdmin } from "./support/admin";
import { signInAs, signUpParent } from "./support/auth";
import { E2E_PRODUCT_NAME } from "./support/server";
import { lookAt } from "./support/look";

const CASH = `${E2E_PRODUCT_NAME} Cash`;

/**
 * Issue 26, finding 14: the course page is static, yet a seat sold shows at the next load: a
 * visitor who saw "Seats left 1" and an Enrol link reloads seconds after another family bought that
 * seat and sees the class full, with no Enrol link.
 */
test("the last seat bought: a visitor's reload of the static course page shows the class full, without an Enrol link", async ({
  page,
  browser,
}) => {
  test.slow(); // three browsers, a sign-up, a course and a section made on a 2-core machine
  const tag = randomUUID().slice(0, 6);
  const courseTitle = `Chess Openings ${tag}`;
  const slug = `e2e-chess-${tag}`;
  const parentEmail = `last.seat.${tag}@example.com`;

  // The admin makes a course and a one-seat section of its own, so no other spec's course page changes.
  await signInAs(page, "admin");
  await createCourseAsAdmin(page, { title: courseTitle, slug, description: "Five openings, one a week." });
  const sectionId = /\/(\d+)$/.exec(
    await createSectionAsAdmin(page, { courseTitle, price: "40.00", days: ["Tuesday", "Friday"], capacity: "1" }),
  )![1]!;

  // A visitor (signed out) opens the course page: it is rendered and cached, one seat left.
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(`/courses/${slug}`);
  const classes = visitor.getByRole("region", { name: "Upcoming classes" });
  await expect(classes).toContainText("Seats left1");
  await expect(classes.getByRole("link", { name: /^Enrol in/ })).toHaveCount(1);
  // Served again from the cache, unchanged.
  await visitor.reload();
  await expect(classes).toContainText("Seats left1");

  // Another family, with $100.00 of Cash from the admin, buys that seat.
  const parent = await (await browser.newContext()).newPage();
  await signUpParent(parent, "Last Seat Parent", parentEmail);
  await page.goto("/admin/orders");
  await page.getByLabel("Account email").fill(parentEmail);
  await page.getByLabel("Amount (negative to debit)").fill("100.00");
  await page
    .getByRole("region", { name: /^Adjust a / })
    .getByLabel("Reason")
    .fill("Last seat test credit");
  await page.getByRole("button", { name: `Adjust ${CASH}` }).click();
  await expect(page.getByText(`${parentEmail}: $100.00 recorded`).first()).toBeAttached();
  await parent.goto(`/cart?add=${sectionId}`);
  const panel = parent.getByRole("region", { name: courseTitle });
  await panel.getByLabel("Child's first name").fill("Bo");
  await panel.getByLabel("Grade", { exact: true }).selectOption({ label: "Grade 4" });
  await panel.getByRole("button", { name: "Add to cart" }).click();
  const pay = parent.getByRole("button", { name: `Pay $40.00 with ${CASH}` });
  await expect(pay).toBeVisible();
  // The Pay action's answer (a Next-Action POST), watched only once Add to cart's own has arrived.
  const payAnswer = parent.waitForResponse((r) => r.request().method() === "POST" && Boolean(r.request().headers()["next-action"]));
  await pay.click();
  await expect(parent.getByRole("heading", { name: "You are enrolled" })).toBeVisible();
  const soldAt = Date.now();
  // Issue 30: the seat pages expire after the answer, so the answer carries the action's result
  // only, not the cart rendered again (Next marks one that does with x-action-revalidated); the
  // reload below still sees the sale.
  const answer = await payAnswer;
  expect(answer.headers()["x-action-revalidated"]).toBeUndefined();
  // Its size from the network events: the body itself is gone once the form has navigated on.
  expect((await answer.request().sizes()).responseBodySize).toBeLessThan(2_000);

  // The visitor reloads: the page is full within seconds. Not always at the very first reload: the
  // expiry runs just after the buyer's answer (issue 30), and a reload in that instant was served
  // the page from before the sale in 1 of 4 runs (--repeat-each 4, loaded machine), so it reloads
  // until it shows the sale, and the time bound below is the claim.
  await expect(async () => {
    await visitor.reload();
    await expect(classes).toContainText("Seats left0", { timeout: 1_000 });
  }).toPass({ timeout: 9_000 });
  await expect(classes).toContainText("This class is full.");
  await expect(classes.getByRole("link", { name: /^Enrol in/ })).toHaveCount(0);
  expect(Date.now() - soldAt).toBeLessThan(10_000);
  await visitor.getByRole("button", { name: "I Understand" }).click();
  await lookAt(visitor, "course-page-full");

  // Still static for everyone: the reload after it is served from the cache (Next's x-nextjs-cache).
  // Polled: another test's checkout running beside this one expires the seat pages too, and the
  // request right after such an expiry renders the page again (MISS) and caches it.
  await expect
    .poll(async () => (await visitor.request.get(`/courses/${slug}`)).headers()["x-nextjs-cache"], { timeout: 10_000 })
    .toMatch(/HIT|STALE/);
});
