import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";

import { expect, test, type APIRequestContext } from "@playwright/test";

import { seriousA11yViolations } from "./support/a11y";
import { demoAccount, signIn } from "./support/auth";
import { baseURL } from "./support/server";

/** A fresh demo request through the public API, as the booking form sends it. */
async function bookDemo(request: APIRequestContext, name: string, email: string) {
  const response = await request.post("/api/book-free-demo", {
    headers: { origin: baseURL, "idempotency-key": `e2e-${randomUUID()}` },
    data: {
      name,
      userEmail: email,
      number: "+1 555 201 3344",
      course: "not-sure",
      text: "Evenings are best.",
      type: "Group Classes",
      grade: 6,
      sourcePage: "/book-free-demo/6",
    },
  });
  expect(response.status()).toBe(201);
}

test.describe("support lead queue (issue 4)", () => {
  test("a support agent finds a new request, moves it to contacted with a note, and the queue shows who did it", async ({
    page,
    request,
  }) => {
    const email = `queue.${randomUUID().slice(0, 8)}@example.com`;
    await bookDemo(request, "Queue Parent", email);

    const { email: agent, password } = demoAccount("support");
    await signIn(page, agent, password);
    await page.goto("/support/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Support dashboard" })).toBeVisible();
    await page.getByLabel("Search email or name").fill(email);
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(email)}`));
    const row = page.getByRole("row").filter({ hasText: email });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("New");
    expect(await seriousA11yViolations(page)).toEqual([]);

    await row.getByRole("link", { name: "Queue Parent" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Queue Parent");
    await expect(page.getByText("Evenings are best.")).toBeVisible();
    await expect(page.getByText("Nobody has worked on this request yet.")).toBeVisible();

    await page.getByLabel("Status").selectOption({ label: "Contacted" });
    await page.getByRole("button", { name: "Save status" }).click();
    await expect(page.getByText("Status changed to Contacted.")).toBeVisible();
    // The form shows what is now stored, not what it first showed.
    await expect(page.getByLabel("Status")).toHaveValue("contacted");
    await page.getByLabel("Note").fill("Called, demo on Tuesday at 5pm.");
    await page.getByRole("button", { name: "Save note" }).click();
    await expect(page.getByText("Note saved.")).toBeVisible();
    await expect(page.getByLabel("Note")).toHaveValue("Called, demo on Tuesday at 5pm.");

    await page.reload();
    const history = page.getByRole("list").filter({ hasText: "changed the status" });
    await expect(history).toContainText(`${agent} changed the status from New to Contacted`);
    await expect(history).toContainText("Called, demo on Tuesday at 5pm.");
    await expect(page.getByLabel("Note")).toHaveValue("Called, demo on Tuesday at 5pm.");
    expect(await seriousA11yViolations(page)).toEqual([]);

    // A parent asked what we hold: the request page exports it as a JSON file, and the export is in the history.
    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export data (JSON)" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^personal-data-[0-9a-f-]+\.json$/);
    const exported = JSON.parse(await readFile((await download.path()) ?? "", "utf8"));
    expect(exported).toMatchObject({
      email,
      demoRequests: [expect.objectContaining({ userEmail: email, note: "Called, demo on Tuesday at 5pm." })],
    });
    await page.screenshot({ path: "test-results/support-request-export.png", fullPage: true });
    await page.reload();
    await expect(page.getByText("exported everything held about this email (JSON)")).toBeVisible();

    await page.getByRole("link", { name: "Back to the queue" }).click();
    await page.getByLabel("Search email or name").fill(email);
    await page.getByLabel("Status", { exact: true }).selectOption({ label: "Contacted" });
    await page.getByRole("button", { name: "Apply filters" }).click();
    const updated = page.getByRole("row").filter({ hasText: email });
    await expect(updated).toContainText("Contacted");
    await expect(updated).toContainText(`by ${agent}`);

    // The filtered list as CSV.
    const csv = await page.request.get(`/api/support/demo-requests/export?q=${encodeURIComponent(email)}`);
    expect(csv.headers()["content-type"]).toContain("text/csv");
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(email);
    expect(lines[1]).toContain("Contacted");
  });

  test("a teacher cannot read the queue or export it", async ({ page }) => {
    const { email, password } = demoAccount("teacher");
    await signIn(page, email, password);
    const response = await page.goto("/support/dashboard");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(/not allowed/i);
    const csv = await page.request.get("/api/support/demo-requests/export");
    expect(csv.status()).toBe(403);
    expect(await csv.json()).toMatchObject({ ok: false, message: "You are not allowed to do that." });
    const personal = await page.request.get(`/api/support/demo-requests/${randomUUID()}/export`);
    expect(personal.status()).toBe(403);
  });

  test("the admin sees requests per day and conversion as charts", async ({ page }) => {
    const { email, password } = demoAccount("admin");
    await signIn(page, email, password);
    await page.goto("/admin/dashboard");
    await expect(page.getByRole("img", { name: /Demo requests per day, last 30 days/ })).toBeVisible();
    await expect(page.getByRole("img", { name: /Conversion by grade/ })).toBeVisible();
    await expect(page.getByRole("img", { name: /Conversion by course/ })).toBeVisible();
    // The numbers behind the bars, for screen readers.
    await expect(page.getByRole("table", { name: /Conversion by grade/ })).toBeAttached();
    await expect(page.getByText("Contacted within 24 hours")).toBeVisible();
    await expect(page.getByRole("img", { name: /contacted within 24 hours/ })).toBeVisible();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});
