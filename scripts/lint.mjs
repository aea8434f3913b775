// `npm run lint`: ESLint (the layers, no-cycle and the rest of eslint.config.mjs) and Prettier's
// check, side by side: each is one process on one core, so on two cores the step takes as long as
// ESLint alone (measured: eslint 33 s, prettier 9 s). Both always run; the exit code is non-zero
// when either failed. `npm run format` writes Prettier's changes.
import path from "node:path";
import { fileURLToPath } from "node:url";

import { run } from "./run-command.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);

const [eslint, prettier] = await Promise.all([
  run(bin("eslint"), ["."], { cwd: root }),
  run(bin("prettier"), ["--check", "--log-level", "warn", "."], { cwd: root }),
]);
console.log(`[lint] eslint: ${eslint === 0 ? "passed" : "FAILED"}; prettier: ${prettier === 0 ? "passed" : "FAILED"}`);
process.exit(eslint !== 0 ? eslint : prettier);
