import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * WCAG 2 A and AA violations of impact serious or critical on the page as it is now,
 * as plain objects so a failing `toEqual([])` names the rule and the elements.
 */
export async function seriousA11yViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  return violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      elements: nodes.slice(0, 5).map((node) => node.target.join(" ")),
    }));
}
