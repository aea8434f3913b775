import { readFileSync } from "node:fs";
import path from "node:path";

import { expect, test } from "@playwright/test";

import { DemoForm, JOIN_PATH } from "./support/demo-form";
import { E2E_DIST_DIR } from "./support/server";

const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

/**
 * scripts/compile-hints.mjs: the framework's start-up scripts (the build manifest's rootMainFiles)
 * reach the browser with V8's compile hint as their first line, a route's own chunks without it,
 * and the page still starts (the form validates on the client).
 */
test("the start-up scripts reach the browser marked for eager compilation, and the page works", async ({ page }) => {
  const manifest = JSON.parse(readFileSync(path.join(E2E_DIST_DIR, "build-manifest.json"), "utf8")) as { rootMainFiles: string[] };
  const startup = manifest.rootMainFiles.filter((file) => file.endsWith(".js")).map((file) => `/_next/${file}`);
  expect(startup.length).toBeGreaterThan(0);

  const scripts = new Map<string, Promise<string>>();
  page.on("response", (response) => {
    const { pathname } = new URL(response.url());
    if (/^\/_next\/static\/.*\.js$/.test(pathname)) scripts.set(pathname, response.text());
  });
  await page.goto(JOIN_PATH);
  await page.waitForLoadState("load");

  for (const file of startup) {
    expect(scripts.has(file), file).toBe(true);
    expect((await scripts.get(file))!.startsWith(COMPILE_HINT), file).toBe(true);
  }
  const routeChunks = [...scripts.keys()].filter((file) => !startup.includes(file));
  expect(routeChunks.length).toBeGreaterThan(0);
  for (const file of routeChunks) expect((await scripts.get(file))!.startsWith("//#"), file).toBe(false);

  // Hydrated: the client-side validation answers.
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByText("Email is required.")).toBeVisible();
  await expect(new DemoForm(page).email).toHaveAttribute("aria-invalid", "true");
});
