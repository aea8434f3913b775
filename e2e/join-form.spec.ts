import { expect, test } from "@playwright/test";

import { DemoForm, JOIN_PATH } from "./support/demo-form";
import { E2E_PRODUCT_NAME } from "./support/server";

test.describe("the /join-{slug} form (SPEC 2, 4, 5)", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto(JOIN_PATH);
  });

  test("welcomes the visitor and offers a phone alternative", async ({ page }) => {
    // SPEC 2 with the configured brand (not the default one): 'Welcome to {product}!'.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Welcome to ${E2E_PRODUCT_NAME}!`);
    await expect(page.getByRole("main").getByRole("link", { name: /\+1/ })).toHaveAttribute("href", /^tel:\+?\d+$/);
  });

  test("has email, optional name, a course select filled from the technical category and class-type radios without default", async ({
    page,
  }) => {
    const form = new DemoForm(page);
    await expect(form.email).toBeVisible();
    await expect(form.name).toBeVisible();
    const options = await form.course.locator("option").allTextContents();
    expect(options).toContain("Python for Young Coders");
    expect(options).toContain("Scratch Game Design");
    expect(options).not.toContain("Piano for Beginners");
    expect(options.some((o) => /not sure/i.test(o))).toBe(true);
    for (const type of ["1 on 1 classes", "Group Classes", "Any of them"] as const) {
      await expect(form.classType(type)).not.toBeChecked();
    }
    await expect(page.getByRole("button", { name: "Submit" })).toBeEnabled();
  });

  test("shows field messages for a missing email and course, and sends nothing", async ({ page }) => {
    const form = new DemoForm(page);
    let posted = false;
    page.on("request", (r) => {
      if (r.url().includes("/api/book-free-demo")) posted = true;
    });
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByText("Email is required.")).toBeVisible();
    await expect(page.getByText("Course is required.")).toBeVisible();
    await expect(form.email).toHaveAttribute("aria-invalid", "true");
    await form.email.fill("not-an-email");
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    expect(posted).toBe(false);
  });

  test("while sending: the button is disabled and a busy overlay shows; then the success dialog opens and the form clears", async ({
    page,
  }) => {
    const form = new DemoForm(page);
    await form.email.fill("parent.e2e@example.com");
    await form.name.fill("Dana");
    await form.course.selectOption({ label: "Python for Young Coders" });
    await form.classType("Group Classes").check();
    const release = await form.holdSubmissions();
    const requestPromise = page.waitForRequest("**/api/book-free-demo");
    await page.getByRole("button", { name: "Submit" }).click();

    await expect(page.getByRole("button", { name: "Submit" })).toBeDisabled();
    await expect(form.busyOverlay).toBeVisible();
    const request = await requestPromise;
    expect(request.postDataJSON()).toMatchObject({
      userEmail: "parent.e2e@example.com",
      name: "Dana",
      type: "Group Classes",
      sourcePage: JOIN_PATH,
    });
    expect(request.headers()["idempotency-key"]).toBeTruthy();

    const responsePromise = page.waitForResponse("**/api/book-free-demo");
    release();
    expect((await responsePromise).status()).toBe(201);
    await expect(form.dialog).toBeVisible();
    await expect(form.dialog).toContainText("Thank you for showing your interest. Our team will reach you in 24hrs.");
    await expect(form.busyOverlay).toHaveCount(0);
    await form.expectCleared();
    await expect(form.classType("Group Classes")).not.toBeChecked();

    // Focus is inside the dialog, on its primary action (picking a time); Escape closes it.
    await expect(form.dialog.getByRole("button", { name: "Pick a time" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(form.dialog).toBeHidden();
  });

  test("on failure the user sees an error toast and keeps what they typed", async ({ page }) => {
    const form = new DemoForm(page);
    await form.failSubmissions();
    await form.email.fill("keep.me@example.com");
    await form.course.selectOption({ label: "Not sure yet: help me choose" });
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByText("The service is briefly unavailable. Please try again in a minute.")).toBeVisible();
    await expect(form.dialog).toBeHidden();
    await expect(form.email).toHaveValue("keep.me@example.com");
    await expect(form.course).toHaveValue("not-sure");
    await expect(page.getByRole("button", { name: "Submit" })).toBeEnabled();
  });

  test("a retry after a failure reuses the idempotency key", async ({ page }) => {
    const form = new DemoForm(page);
    const keys: string[] = [];
    let calls = 0;
    await page.route("**/api/book-free-demo", async (route) => {
      keys.push(route.request().headers()["idempotency-key"] ?? "");
      calls += 1;
      if (calls === 1) await route.abort("connectionreset");
      else await route.continue();
    });
    await form.email.fill("retry@example.com");
    await form.course.selectOption({ label: "Not sure yet: help me choose" });
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByText(/couldn't reach our server/)).toBeVisible();
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(form.dialog).toBeVisible();
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });
});
