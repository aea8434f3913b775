import { expect, test } from "@playwright/test";

import { DemoForm } from "./support/demo-form";

test.describe("free demo booking (SPEC 2)", () => {
  test("/book-free-demo/{grade} books for that grade with name, email, phone, course, class type and message", async ({ page }) => {
    await page.goto("/book-free-demo/5");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Book a free demo class for Grade 5");
    const form = new DemoForm(page);
    await expect(form.grade).toHaveCount(0);
    // Only courses whose grade range includes grade 5 are offered.
    const options = await form.course.locator("option").allTextContents();
    expect(options).toContain("Python for Young Coders");
    expect(options).not.toContain("SAT Math Prep");

    await form.name.fill("Lee Parent");
    await form.email.fill("lee@example.com");
    await form.phone.fill("+1 555 123 4567");
    await form.course.selectOption({ label: "Python for Young Coders" });
    await form.classType("1 on 1 classes").check();
    await form.message.fill("Evenings work best.");
    const requestPromise = page.waitForRequest("**/api/book-free-demo");
    await page.getByRole("button", { name: "Book a free demo" }).click();
    const request = await requestPromise;
    expect(request.postDataJSON()).toMatchObject({
      name: "Lee Parent",
      userEmail: "lee@example.com",
      number: "+1 555 123 4567",
      type: "1 on 1 classes",
      text: "Evenings work best.",
      grade: 5,
      sourcePage: "/book-free-demo/5",
    });
    await expect(form.dialog).toBeVisible();
    await form.expectCleared();
  });

  test("/book-free-demo asks for the grade in the form", async ({ page }) => {
    await page.goto("/book-free-demo");
    const form = new DemoForm(page);
    await form.email.fill("grade@example.com");
    await form.course.selectOption({ label: "Not sure yet: help me choose" });
    await page.getByRole("button", { name: "Book a free demo" }).click();
    await expect(page.getByText("Please choose a grade.")).toBeVisible();
    await form.grade.selectOption({ label: "Grade 11" });
    const requestPromise = page.waitForRequest("**/api/book-free-demo");
    await page.getByRole("button", { name: "Book a free demo" }).click();
    expect((await requestPromise).postDataJSON()).toMatchObject({ grade: 11, sourcePage: "/book-free-demo" });
    await expect(form.dialog).toBeVisible();
  });

  test("grades outside 1..12 are not found", async ({ request }) => {
    for (const path of ["/book-free-demo/0", "/book-free-demo/13", "/book-free-demo/abc"]) {
      expect((await request.get(path)).status(), path).toBe(404);
    }
  });
});
