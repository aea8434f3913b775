// Lints code at virtual paths with the project's ESLint config and only some rules on: reads
// [{ filePath, code }] as JSON on stdin, writes each one's messages ("rule: message") as JSON.
// Which rules: those whose id starts with the first argument (default "boundaries/"). A child process
// of test/lint-layers.test.ts, because ESLint loads its config with import(), which Jest's module
// system cannot run. Files under ignored folders (.data/) are linted too: the cycle test's fixtures live there.
import { ESLint } from "eslint";

const rulePrefix = process.argv[2] ?? "boundaries/";
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const cases = JSON.parse(Buffer.concat(chunks).toString("utf8"));

const eslint = new ESLint({ ignore: false, ruleFilter: ({ ruleId }) => ruleId.startsWith(rulePrefix) });
const messages = [];
for (const { filePath, code } of cases) {
  const [result] = await eslint.lintText(code, { filePath });
  messages.push((result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`));
}
process.stdout.write(JSON.stringify(messages));
