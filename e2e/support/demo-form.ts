import { expect, type Page, type Route } from "@playwright/test";

import { brandPaths } from "./server";

/** Page object for the demo request forms (join page and booking pages). */
export class DemoForm {
  constructor(private readonly page: Page) {}

  get email() {
    // Exact: a new account's pages also carry a region named "Check your email".
    return this.page.getByRole("textbox", { name: "Email", exact: true });
  }
  get name() {
    return this.page.getByLabel("Name (optional)");
  }
  get phone() {
    return this.page.getByLabel("Phone number (optional)");
  }
  get grade() {
    return this.page.getByLabel("Grade", { exact: true });
  }
  get course() {
    return this.page.getByLabel("Course");
  }
  get message() {
    return this.page.getByLabel("Message (optional)");
  }
  classType(label: "1 on 1 classes" | "Group Classes" | "Any of them") {
    return this.page.getByRole("radio", { name: label });
  }
  get dialog() {
    return this.page.getByRole("dialog", { name: "Thank you!" });
  }
  get busyOverlay() {
    return this.page.getByRole("status").filter({ hasText: "Sending your request…" });
  }

  /** Holds /api/book-free-demo answers until release() is called, to observe the busy state. */
  async holdSubmissions() {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await this.page.route("**/api/book-free-demo", async (route: Route) => {
      await gate;
      await route.continue();
    });
    return () => release();
  }

  /** Simulates an outage of the API. */
  async failSubmissions(status = 503, message = "The service is briefly unavailable. Please try again in a minute.") {
    await this.page.route("**/api/book-free-demo", (route) =>
      route.fulfill({ status, contentType: "application/json", body: JSON.stringify({ ok: false, message }) }),
    );
  }

  async expectCleared() {
    await expect(this.email).toHaveValue("");
    await expect(this.course).toHaveValue("");
  }
}

export const JOIN_PATH = brandPaths.join;
