import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

export type A11yViolation = Awaited<ReturnType<typeof seriousA11yViolations>>[number];

/**
 * WCAG 2 A and AA violations of impact serious or critical on the page as it is now,
 * as plain objects so a failing `toEqual([])` names the rule and the elements.
 */
export async function seriousA11yViolations(page: Page, options: { exclude?: string[] } = {}) {
  // `exclude`: parts axe cannot enter, such as a sandboxed frame that runs no script (it would wait on it forever).
  const builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]);
  for (const selector of options.exclude ?? []) builder.exclude(selector);
  const { violations } = await builder.analyze();
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      elements: nodes.slice(0, 5).map((node) => node.target.join(" ")),
    }));
}

/**
 * Opens `path` and scans it as a person sees it once it has settled: hydrated (the cookie
 * banner, which mounts on the client, is up until consent is given) and with no loader
 * (the session loader of signed-in areas, at most 1000 ms) covering it; then `prepare`, if
 * given, brings about a state to scan instead of the page as loaded. Returns the status
 * of the answer too, so a caller can tell a page from the 403 or 404 page it expects.
 */
export async function scanPage(page: Page, path: string, options: { prepare?: (page: Page) => Promise<void> } = {}) {
  const response = await page.goto(path);
  await expect(page.locator("h1").first()).toBeVisible();
  if (!(await hasConsentCookie(page))) await expect(page.getByRole("button", { name: "I Understand" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: /^Loading/ })).toHaveCount(0);
  // A state that appears on demand (an open menu, a form's errors), brought about before the scan.
  await options.prepare?.(page);
  return { status: response?.status() ?? 0, violations: await seriousA11yViolations(page) };
}

async function hasConsentCookie(page: Page): Promise<boolean> {
  const cookies = await page.context().cookies();
  return cookies.some((cookie) => /consent/i.test(cookie.name));
}
