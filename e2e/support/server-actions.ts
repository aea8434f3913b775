import { readFileSync } from "node:fs";
import path from "node:path";

import { expect, type Page } from "@playwright/test";

import { baseURL, E2E_DIST_DIR } from "./server";

let manifest: Record<string, { filename: string; exportedName: string }> | null = null;

/** The id a browser sends in Next-Action for an exported server action, from the e2e build's manifest. */
function actionId(file: string, exportedName: string): string {
  manifest ??= (
    JSON.parse(readFileSync(path.join(E2E_DIST_DIR, "server", "server-reference-manifest.json"), "utf8")) as {
      node: Record<string, { filename: string; exportedName: string }>;
    }
  ).node;
  const found = Object.entries(manifest).find(([, entry]) => entry.filename === file && entry.exportedName === exportedName);
  if (!found) throw new Error(`${exportedName} of ${file} is not in the e2e build's server reference manifest`);
  return found[0];
}

/**
 * Calls a server action with plain (JSON) arguments as the page's browser would, with its cookies
 * (page.request shares them): the app's own API for the data a spec needs but does not test, so the
 * spec drives through the UI only the steps it is about. Returns the answer's text (React's flight
 * format, which carries the action's result), after checking the answer was a 200.
 */
export async function callServerAction(
  page: Page,
  action: { file: string; name: string; pagePath: string; args: unknown[] },
): Promise<string> {
  // The Origin header a same-site form post carries: server actions refuse others.
  const origin = new URL(baseURL).origin;
  const response = await page.request.post(action.pagePath, {
    headers: {
      accept: "text/x-component",
      "next-action": actionId(action.file, action.name),
      origin,
      "content-type": "text/plain;charset=UTF-8",
    },
    data: JSON.stringify(action.args),
    maxRedirects: 0,
  });
  const text = await response.text();
  expect(response.status(), `${action.name}: ${text.slice(0, 300)}`).toBe(200);
  return text;
}
