import { randomUUID } from "node:crypto";

import { expect, test } from "@playwright/test";

import { seriousA11yViolations } from "./support/a11y";
import { signInAs, signUpParent } from "./support/auth";

test.describe("the admin's users, courses and log events (issue 4)", () => {
  test("an admin changes a user's role; the list shows it and the user has it at their next page load", async ({ page, browser }) => {
    test.slow(); // two browsers and a sign-up on a 2-core machine
    const email = `role.${randomUUID().slice(0, 8)}@example.com`;
    const userContext = await browser.newContext();
    const user = await userContext.newPage();
    await signUpParent(user, "Role Change Parent", email);
    expect((await user.goto("/teacher/dashboard"))?.status()).toBe(403);

    await signInAs(page, "admin");
    await page.goto("/admin/users");
    await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Users" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await page.getByLabel("Email or name").fill(email.toUpperCase());
    await page.getByRole("button", { name: "Search" }).click();
    const row = page.getByRole("row", { name: new RegExp(email) });
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId("user-role")).toHaveText("Student");
    expect(await seriousA11yViolations(page)).toEqual([]);

    await row.getByLabel(`Role for ${email}`).selectOption("teacher");
    await row.getByRole("button", { name: `Change role of ${email}` }).click();
    await expect(page.getByText(`${email} is now Teacher.`).first()).toBeVisible();
    await expect(row.getByTestId("user-role")).toHaveText("Teacher");
    await page.reload();
    await expect(page.getByRole("row", { name: new RegExp(email) }).getByTestId("user-role")).toHaveText("Teacher");

    // The role filter finds them among the teachers.
    await page.goto(`/admin/users?role=teacher&q=${encodeURIComponent(email)}`);
    await expect(page.getByRole("row", { name: new RegExp(email) })).toHaveCount(1);

    // The user's session reads the new role at the next page load, without signing in again.
    const response = await user.goto("/teacher/dashboard");
    expect(response?.status()).toBe(200);
    await userContext.close();
  });

  test("an admin creates, edits and hides a course, and the public category page follows", async ({ page }) => {
    test.slow(); // a dozen page loads and three accessibility scans
    const tag = randomUUID().slice(0, 6);
    const slug = `e2e-kalimba-${tag}`;
    const title = `Kalimba Basics ${tag}`;
    const newTitle = `Kalimba Masterclass ${tag}`;
    await signInAs(page, "admin");

    await page.goto("/admin/courses");
    await page.getByRole("link", { name: "New course" }).click();
    await page.getByLabel("Title").fill(title);
    await page.getByLabel("Slug").fill(slug);
    await page.getByLabel("Category").selectOption("music");
    await page.getByLabel("Lowest grade").selectOption("6");
    await page.getByLabel("Highest grade").selectOption("3");
    await page.getByLabel("Description").fill("Thumb piano for beginners: rhythm, melody and playing together.");
    await page.getByRole("button", { name: "Create course" }).click();
    await expect(page.getByText("The highest grade must be at least the lowest grade.")).toBeVisible();
    await page.getByLabel("Highest grade").selectOption("9");
    await page.getByRole("button", { name: "Create course" }).click();
    await expect(page).toHaveURL(/\/admin\/courses$/);
    const music = page.getByRole("region", { name: "Music" });
    await expect(music.getByRole("link", { name: title })).toBeVisible();

    await page.goto("/courses/category/music");
    await expect(page.getByRole("heading", { name: title })).toBeVisible();

    // A taken slug is a message beside the field, not an error page.
    await page.goto("/admin/courses/new");
    await page.getByLabel("Title").fill("Another kalimba");
    await page.getByLabel("Slug").fill(slug);
    await page.getByLabel("Description").fill("Same slug.");
    await page.getByRole("button", { name: "Create course" }).click();
    await expect(page.getByText("Another course already uses this slug.").first()).toBeVisible();
    await expect(page.getByLabel("Slug")).toHaveAttribute("aria-invalid", "true");

    // Edit the title: the category page and the course API show the new one.
    await page.goto("/admin/courses");
    await page.getByRole("region", { name: "Music" }).getByRole("link", { name: title }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Edit ${title}`);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByLabel("Title").fill(newTitle);
    await page.getByRole("button", { name: "Save course" }).click();
    await expect(page.getByText(`Course '${slug}' saved.`).first()).toBeVisible();

    await page.goto("/courses/category/music");
    await expect(page.getByRole("heading", { name: newTitle })).toBeVisible();
    await expect(page.getByRole("heading", { name: title })).toHaveCount(0);
    const api = await (await page.request.get("/api/v1/courses/category/music")).json();
    expect(api.data.courses.map((c: { title: string }) => c.title)).toContain(newTitle);
    await page.goto("/book-free-demo");
    await expect(page.getByLabel("Course").locator("option", { hasText: newTitle })).toHaveCount(1);

    // Unpublish from the list: the course leaves the public page.
    await page.goto("/admin/courses");
    const row = page.getByRole("row", { name: new RegExp(newTitle) });
    await row.getByRole("button", { name: `Unpublish ${newTitle}` }).click();
    await expect(row.getByText("Hidden", { exact: true })).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.goto("/courses/category/music");
    await expect(page.getByRole("heading", { name: "Music courses" })).toBeVisible();
    await expect(page.getByRole("heading", { name: newTitle })).toHaveCount(0);
    // ... and the course API and the forms' course lists no longer offer it.
    const after = await (await page.request.get("/api/v1/courses/category/music")).json();
    expect(after.data.courses.map((c: { title: string }) => c.title)).not.toContain(newTitle);
    await page.goto("/book-free-demo");
    await expect(page.getByLabel("Course").locator("option", { hasText: newTitle })).toHaveCount(0);
  });

  test("an admin filters the log events by name", async ({ page }) => {
    const eventName = `E2E Admin ${randomUUID().slice(0, 6)}`;
    await signInAs(page, "admin");
    const posted = await page.request.post("/api/v1/logevent", {
      data: { eventName, userId: "e2e-user-7", currentUrl: "/courses", additionalInfo: { from: "admin.spec" } },
    });
    expect(posted.ok()).toBe(true);
    await page.goto("/admin/events");
    await page.getByLabel("Event name").fill(eventName);
    await page.getByRole("button", { name: "Filter" }).click();
    const rows = page.getByRole("table", { name: "Log events, newest first" }).getByRole("row");
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText(eventName);
    // Signed in, the event's user is the session's (the admin's users.id), not the body's claim (security issue item 8).
    await expect(rows.nth(1).getByRole("cell").nth(2)).toHaveText(/^\d+$/);
    await expect(rows.nth(1)).not.toContainText("e2e-user-7");
    await expect(rows.nth(1)).toContainText('{"from": "admin.spec"}');
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  test("a support user gets the 403 page on the admin's pages", async ({ page }) => {
    await signInAs(page, "support");
    for (const path of ["/admin/users", "/admin/courses", "/admin/courses/new", "/admin/events"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(403);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are not allowed to see this page");
    }
  });
});
