import { randomUUID } from "node:crypto";

import { expect, test, type BrowserContext, type Page } from "@playwright/test";

import { seriousA11yViolations } from "./support/a11y";
import { signInAs } from "./support/auth";
import { lookAt } from "./support/look";
import { baseURL } from "./support/server";

/** The cookie banner already answered, so it covers neither buttons nor screenshots. */
const acceptCookies = (context: BrowserContext) => context.addCookies([{ name: "cookie_consent", value: "true", url: baseURL }]);

/** Screenshots for a person to look at; not compared. */
const shot = (page: Page, name: string) => lookAt(page, `teacher-${name}`);

test.describe("teacher applications and dashboards (issue 4)", () => {
  test.beforeEach(({ context }) => acceptCookies(context));

  // The road from application to approval (and on to a class families buy) is e2e/teacher-road.spec.ts (issue 38).

  test("the demo teacher sees their courses and the requests for them, without the family's contact details", async ({ page }) => {
    await signInAs(page, "teacher");
    await page.goto("/teacher/courses");
    const courses = page.getByRole("table", { name: "Courses with their demo requests" });
    await expect(courses.getByRole("link")).toHaveCount(3);
    await expect(courses.getByRole("link", { name: "Scratch Game Design" })).toBeVisible();
    await expect(page.getByText("support team contacts every family")).toBeVisible();

    // A family asks for a demo of one of the teacher's courses.
    const href = await courses.getByRole("link", { name: "Python for Young Coders" }).getAttribute("href");
    const courseId = new URL(href ?? "", baseURL).searchParams.get("course") ?? "";
    const message = `Can my son join on Saturdays? ${randomUUID().slice(0, 6)}`;
    const familyEmail = `family.${randomUUID().slice(0, 8)}@example.com`;
    const created = await page.request.post("/api/book-free-demo", {
      headers: { origin: baseURL },
      data: {
        userEmail: familyEmail,
        name: "Private Parent",
        number: "555 0199",
        course: courseId,
        text: message,
        type: "1 on 1 classes",
        grade: 9,
      },
    });
    expect(created.status()).toBe(201);

    await courses.getByRole("link", { name: "Python for Young Coders" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Python for Young Coders");
    const requests = page.getByRole("table", { name: /Demo requests for Python for Young Coders/ });
    // The family's message is not the row's key any more: teachers never see it (security issue item 7).
    const ownRow = (scope: typeof requests) =>
      scope
        .getByRole("row")
        .filter({ has: page.getByRole("cell", { name: "1 on 1 classes", exact: true }) })
        .filter({ has: page.getByRole("cell", { name: "9", exact: true }) })
        .first();
    const row = ownRow(requests);
    await expect(row).toContainText("New");
    await expect(requests.getByRole("columnheader", { name: "Message" })).toHaveCount(0);
    await expect(page.getByText(message)).toHaveCount(0);
    await expect(page.getByText(familyEmail)).toHaveCount(0);
    await expect(page.getByText("555 0199")).toHaveCount(0);
    await expect(page.getByText("Private Parent")).toHaveCount(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, "course-requests");

    await page.goto("/teacher/dashboard");
    await expect(ownRow(page.getByRole("table", { name: /Latest demo requests/ }))).toBeVisible();
    await expect(page.getByText(message)).toHaveCount(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, "dashboard");
    await page.goto("/teacher/courses");
    await shot(page, "courses");

    // A course that is not theirs answers as if it did not exist.
    const unknown = await page.goto("/teacher/courses?course=999999");
    expect(unknown?.status()).toBe(404);
  });

  test("a student gets the 403 page on the teacher dashboard and cannot open the applications", async ({ page }) => {
    await signInAs(page, "student");
    for (const path of ["/teacher/dashboard", "/teacher/courses", "/admin/applications"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(403);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are not allowed to see this page");
    }
  });
});
