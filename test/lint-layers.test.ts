import { execFile } from "node:child_process";
import path from "node:path";

/**
 * The layers in eslint.config.mjs catch what they are there for. Each case is one line of code at
 * a virtual path, linted by ESLint's Node API with only the boundaries rules on (test/lint-text.mjs):
 * no fixture file is on disk, so `eslint .` never sees them.
 */
const root = path.join(__dirname, "..");

const refused: Array<[string, string, string]> = [
  ["a domain importing the reactions", "lib/commerce/fixture.ts", "@/lib/reactions/table"],
  ["a domain importing start-up", "lib/scheduling/fixture.ts", "@/lib/wiring/start"],
  ["a domain importing the app", "lib/commerce/fixture.ts", "@/app/layout"],
  ["the platform importing a domain", "lib/platform/db/fixture.ts", "@/lib/audit/audit"],
  ["the platform's root files importing a domain", "lib/platform/fixture.ts", "@/lib/commerce/cart/cart"],
  ["a platform part importing a later one", "lib/platform/db/fixture.ts", "@/lib/platform/auth/roles"],
  ["lib importing scripts/", "lib/notifications/fixture.ts", "@/scripts/mail-server.mjs"],
  ["lib importing test/", "lib/commerce/fixture.ts", "@/test/database"],
  ["a page importing start-up", "app/fixture/page.tsx", "@/lib/wiring/start"],
  ["a domain importing one its line does not name", "lib/scheduling/fixture.ts", "@/lib/courses/queries"],
  ["a domain importing one that imports it", "lib/audit/fixture.ts", "@/lib/accounts/accounts"],
];

const allowed: Array<[string, string, string]> = [
  ["a domain importing one its line names", "lib/commerce/fixture.ts", "@/lib/scheduling/time"],
  ["a domain importing the platform", "lib/audit/fixture.ts", "@/lib/platform/db/client"],
  ["a platform part importing an earlier one", "lib/platform/events/fixture.ts", "@/lib/platform/outbox/outbox"],
  ["a reaction importing a domain", "lib/reactions/fixture.ts", "@/lib/notifications/email"],
  ["a test beside lib importing test/", "lib/commerce/fixture.test.ts", "@/test/database"],
  ["a test beside lib importing the app", "lib/commerce/fixture.test.ts", "@/app/layout"],
  ["a benchmark importing scripts/", "bench/fixture.ts", "@/scripts/ensure-chromium.mjs"],
];

const unknownFolder = { filePath: "lib/new-folder/fixture.ts", source: "@/lib/platform/env" };

function lintTexts(cases: Array<{ filePath: string; source: string }>): Promise<string[][]> {
  const input = cases.map(({ filePath, source }) => ({ filePath: path.join(root, filePath), code: `import "${source}";\n` }));
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, [path.join(root, "test/lint-text.mjs")], { cwd: root }, (error, stdout, stderr) =>
      error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(JSON.parse(stdout) as string[][]),
    );
    child.stdin?.end(JSON.stringify(input));
  });
}

let results: Map<string, string[]>;

beforeAll(async () => {
  const cases = [...refused, ...allowed].map(([name, filePath, source]) => ({ name, filePath, source }));
  const all = [...cases, { name: "unknown folder", ...unknownFolder }];
  const messages = await lintTexts(all);
  results = new Map(all.map(({ name }, i) => [name, messages[i] ?? []]));
}, 120_000);

describe("the layers refuse", () => {
  it.each(refused)("%s (%s imports %s)", (name) => {
    expect(results.get(name)).toEqual([expect.stringMatching(/^boundaries\/dependencies: There is no policy allowing/)]);
  });

  it("a file in a folder the layers do not know", () => {
    expect(results.get("unknown folder")).toEqual([expect.stringMatching(/^boundaries\/no-unknown-files:/)]);
  });
});

describe("the layers allow", () => {
  it.each(allowed)("%s (%s imports %s)", (name) => {
    expect(results.get(name)).toEqual([]);
  });
});
