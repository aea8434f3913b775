// @machine-clock: compares the clock with file modification times, which faketime does not move
// (scripts/test-unit.mjs keeps this file out of the other clocks' legs).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { checkBuildFreshness, recordBuild } from "./build-freshness.mjs";

/** `npm start` rebuilds only when the build's inputs or its brand configuration changed. */
describe("checkBuildFreshness", () => {
  let root: string;
  const buildStartedAt = Date.now() - 60_000;
  const env = { PRODUCT_NAME: "Brightside", APP_URL: "http://localhost:3000", PATH: "/usr/bin" };

  /** Writes a file dated before the build, unless `at` says otherwise; its folders get the same date. */
  function write(file: string, at = buildStartedAt - 60_000) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), "x");
    for (let part = file; part !== "."; part = path.dirname(part)) {
      utimesSync(path.join(root, part), at / 1000, at / 1000);
    }
  }

  function build(buildEnv: Record<string, string | undefined> = env) {
    write(".next/BUILD_ID", buildStartedAt + 30_000);
    recordBuild({ root, env: buildEnv, startedAt: buildStartedAt });
  }

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), "build-freshness-"));
    write("app/page.tsx");
    write("lib/brand.ts");
    write("package.json");
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("builds when there is no build", () => {
    expect(checkBuildFreshness({ root, env })).toEqual({ stale: true, reason: "there is no build yet" });
  });

  it("builds when the build was not made by scripts/start.mjs (its configuration is unknown)", () => {
    write(".next/BUILD_ID");
    expect(checkBuildFreshness({ root, env })).toMatchObject({ stale: true, reason: expect.stringContaining("build-env.json") });
  });

  it("reuses a build made after the last change with the same configuration", () => {
    build();
    expect(checkBuildFreshness({ root, env: { ...env, PATH: "/elsewhere", PORT: "3105" } })).toEqual({
      stale: false,
      reason: "the build is up to date",
    });
  });

  it.each([
    "app/page.tsx",
    "lib/brand.ts",
    "browser/toast.ts",
    "components/shell/site-header.tsx",
    "content/blog/first.md",
    "public/logo.svg",
    "next.config.ts",
    "package.json",
    "proxy.ts",
    ".env.local",
  ])("builds when %s changed after the build started", (file) => {
    build();
    write(file, buildStartedAt + 1_000); // during the build counts too
    expect(checkBuildFreshness({ root, env })).toEqual({ stale: true, reason: `${file} changed since the last build` });
  });

  it("builds when a page was deleted (its folder changed)", () => {
    write("app/contact/page.tsx");
    build();
    rmSync(path.join(root, "app/contact/page.tsx"));
    expect(checkBuildFreshness({ root, env })).toEqual({ stale: true, reason: "app/contact changed since the last build" });
  });

  it("does not build for a changed test file or .env.example", () => {
    write("lib/brand.test.ts");
    build();
    write("lib/brand.test.ts", Date.now());
    write(".env.example", Date.now());
    utimesSync(path.join(root, "lib"), buildStartedAt / 1000 - 60, buildStartedAt / 1000 - 60); // only the test file is new
    expect(checkBuildFreshness({ root, env }).stale).toBe(false);
  });

  it.each([
    ["PRODUCT_NAME", "Acme", "PRODUCT_NAME changed (Brightside → Acme)"],
    ["PRODUCT_SLUG", "acme", "PRODUCT_SLUG changed (unset → acme)"],
    ["APP_URL", "https://acme.example", "APP_URL changed (http://localhost:3000 → https://acme.example)"],
    ["SUPPORT_EMAIL", "help@acme.example", "SUPPORT_EMAIL changed (unset → help@acme.example)"],
    ["NEXT_PUBLIC_POSTHOG_KEY", "phc_1", "NEXT_PUBLIC_POSTHOG_KEY changed (unset → phc_1)"],
    ["SOCIAL_FACEBOOK_URL", "https://www.facebook.com/acme", "SOCIAL_FACEBOOK_URL changed (unset → https://www.facebook.com/acme)"],
    ["PRACTICE_PYTHON_URL", "https://practice.example/", "PRACTICE_PYTHON_URL changed (unset → https://practice.example/)"],
    // Empty hides the link where unset shows the default: a build of its own.
    ["PRACTICE_PYTHON_URL", "", "PRACTICE_PYTHON_URL changed (unset → empty)"],
  ])("builds when %s differs from the build's (brand routes and labels are baked in)", (key, value, reason) => {
    build();
    expect(checkBuildFreshness({ root, env: { ...env, [key]: value } })).toEqual({ stale: true, reason });
  });

  it("builds when card payments are switched on or off (the static gift page says so), without recording the secrets", () => {
    const stripe = { STRIPE_SECRET_KEY: "sk_test_secret", STRIPE_WEBHOOK_SECRET: "whsec_secret" };
    build();
    const reason = "card payments (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET) changed";
    expect(checkBuildFreshness({ root, env: { ...env, ...stripe } })).toEqual({ stale: true, reason: `${reason} (unset → on)` });
    build({ ...env, ...stripe });
    expect(readFileSync(path.join(root, ".next/build-env.json"), "utf8")).not.toContain("secret");
    expect(checkBuildFreshness({ root, env: { ...env, ...stripe, STRIPE_SECRET_KEY: "sk_test_other" } }).stale).toBe(false);
    expect(checkBuildFreshness({ root, env })).toEqual({ stale: true, reason: `${reason} (on → unset)` });
  });

  it("checks the build folder NEXT_DIST_DIR names (the e2e server builds apart)", () => {
    build();
    const e2eEnv = { ...env, NEXT_DIST_DIR: ".next-e2e" };
    expect(checkBuildFreshness({ root, env: e2eEnv })).toEqual({ stale: true, reason: "there is no build yet" });
    write(".next-e2e/BUILD_ID");
    recordBuild({ root, env: e2eEnv, startedAt: buildStartedAt });
    expect(checkBuildFreshness({ root, env: e2eEnv }).stale).toBe(false);
  });

  it("treats an empty variable as unset", () => {
    build();
    expect(checkBuildFreshness({ root, env: { ...env, PRODUCT_SLUG: "" } }).stale).toBe(false);
  });
});
