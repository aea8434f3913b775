import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";

import { expect, test, type APIRequestContext } from "@playwright/test";

import { seriousA11yViolations } from "./support/a11y";
import { demoAccount, signInAs } from "./support/auth";
import { baseURL } from "./support/server";
import { lookAt } from "./support/look";

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

    const agent = demoAccount("support").email;

    await signInAs(page, "support");
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

    // Made signed out with an address no verified account has: no account to export, and the page says why (issue 26 finding 7).
    await expect(page.getByRole("note").filter({ hasText: "This request was made signed out" })).toBeVisible();
    await expect(page.getByRole("link", { name: /Export the account/ })).toHaveCount(0);

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

  test("issue 26 finding 7: support exports a verified account's data from its request, is refused an unverified one; the admin exports from Users", async ({
    page,
    browser,
    request,
    baseURL,
  }) => {
    // A request with the (verified) demo parent's address: the page finds the account and offers its export.
    const parent = demoAccount("student").email;
    const name = `Export Parent ${randomUUID().slice(0, 6)}`;
    await bookDemo(request, name, parent);
    await signInAs(page, "support");
    await page.goto(`/support/dashboard?q=${encodeURIComponent(name)}`);
    await page.getByRole("link", { name }).click();
    await expect(page.getByText(`The account ${parent}`)).toBeVisible();
    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export the account’s data (JSON)" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^personal-data-account-\d+\.json$/);
    const file = await readFile((await download.path()) ?? "", "utf8");
    const exported = JSON.parse(file);
    expect(exported).toMatchObject({
      account: { email: parent, emailVerified: true },
      learners: expect.any(Array),
      orders: expect.any(Array),
    });
    expect(exported.demoRequests).toEqual(expect.arrayContaining([expect.objectContaining({ name, email: parent })]));
    expect(file).not.toMatch(/"(code|token|payload|firebaseUid)":/);
    await lookAt(page, "support-request-export");

    // A request made signed in by a new account whose email is not verified: support is told why not.
    const squatter = `export.unverified.${randomUUID().slice(0, 8)}@example.com`;
    const family = await (await browser.newContext()).newPage();
    await family.goto("/signup");
    await family.getByLabel("Your name").fill("Una Verified");
    await family.getByLabel("Email").fill(squatter);
    await family.getByLabel("Password").fill("unverified-password-1");
    await family.getByRole("button", { name: "Create account" }).click();
    await expect(family).toHaveURL(/\/my-courses$/);
    const made = await family.request.post("/api/book-free-demo", {
      headers: { origin: baseURL!, "idempotency-key": `e2e-${randomUUID()}` },
      data: { userEmail: squatter, course: "not-sure", name: "Una Verified", grade: 3 },
    });
    expect(made.status()).toBe(201);
    await page.goto(`/support/dashboard?q=${encodeURIComponent(squatter)}`);
    await page.getByRole("link", { name: "Una Verified" }).click();
    await expect(
      page.getByRole("note").filter({ hasText: "This account's email address is not verified, so support cannot export" }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: /Export the account/ })).toHaveCount(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await lookAt(page, "support-request-export-refused");

    // The admin may export any account, from the Users page.
    const admin = await (await browser.newContext()).newPage();
    await signInAs(admin, "admin");
    await admin.goto(`/admin/users?q=${encodeURIComponent(squatter)}`);
    const adminDownload = admin.waitForEvent("download");
    await admin.getByRole("link", { name: `Export the data of ${squatter} (JSON)` }).click();
    const adminFile = JSON.parse(await readFile((await (await adminDownload).path()) ?? "", "utf8"));
    expect(adminFile).toMatchObject({ account: { email: squatter, emailVerified: false } });
    expect(await seriousA11yViolations(admin)).toEqual([]);
    await lookAt(admin, "admin-users-export");
  });

  test("a teacher cannot read the queue or export it", async ({ page }) => {
    await signInAs(page, "teacher");
    const response = await page.goto("/support/dashboard");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(/not allowed/i);
    const csv = await page.request.get("/api/support/demo-requests/export");
    expect(csv.status()).toBe(403);
    expect(await csv.json()).toMatchObject({ ok: false, message: "You are not allowed to do that." });
    const personal = await page.request.get("/api/privacy/accounts/1/export");
    expect(personal.status()).toBe(403);
  });

  test("the admin sees requests per day and conversion as charts", async ({ page }) => {
    await signInAs(page, "admin");
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
