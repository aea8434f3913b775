// Lints code at virtual paths with the project's ESLint config and only the boundaries rules on:
// reads [{ filePath, code }] as JSON on stdin, writes each one's messages ("rule: message") as JSON.
// A child process of test/lint-layers.test.ts, because ESLint loads its config with import(),
// which Jest's module system cannot run.
import { ESLint } from "eslint";

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const cases = JSON.parse(Buffer.concat(chunks).toString("utf8"));

const eslint = new ESLint({ ruleFilter: ({ ruleId }) => ruleId.startsWith("boundaries/") });
const messages = [];
for (const { filePath, code } of cases) {
  const [result] = await eslint.lintText(code, { filePath });
  messages.push((result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`));
}
process.stdout.write(JSON.stringify(messages));
