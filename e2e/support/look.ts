import { test, type Locator, type Page } from "@playwright/test";

/**
 * A screenshot for a person to look at (a page, or one element of it), in the test's output folder
 * as `<name>.png`, taken only when E2E_SCREENSHOTS is set (`E2E_SCREENSHOTS=1 npm run test:e2e --
 * e2e/SPEC.ts`). A screenshot asserts nothing, and a full-page one costs more than loading the page
 * again (measured on /courses on this 2-core machine: 2.3 s against 1.5 s), so CI, which keeps no
 * pictures, skips them.
 */
export async function lookAt(target: Page | Locator, name: string, { fullPage = true }: { fullPage?: boolean } = {}): Promise<void> {
  if (!process.env.E2E_SCREENSHOTS) return;
  const path = test.info().outputPath(`${name}.png`);
  await ("goto" in target ? target.screenshot({ path, fullPage }) : target.screenshot({ path }));
}
