// `npm run test:e2e [-- playwright args]`: makes sure the system Chromium is there,
// then runs Playwright. The server and its fresh database are playwright.config.ts's webServer.
import path from "node:path";
import { fileURLToPath } from "node:url";

import { ensureChromium } from "./ensure-chromium.mjs";
import { run } from "./run-command.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

let chromium;
try {
  chromium = ensureChromium(process.env, { headlessShell: true });
} catch (error) {
  console.error(`[e2e] ${error.message}`);
  process.exit(1);
}

const playwright = path.join(root, "node_modules", ".bin", "playwright");
const code = await run(playwright, ["test", ...process.argv.slice(2)], {
  cwd: root,
  env: { ...process.env, CHROMIUM_PATH: chromium },
});
process.exit(code);
