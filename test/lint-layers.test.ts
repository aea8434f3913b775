import { execFile } from "node:child_process";
import { mkdir, rm, writeFile } from "node:fs/promises";
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
  ["the cache handler importing the app's code", "cache-handler.mjs", "@/lib/platform/env"],
  ["a tool's configuration importing a domain", "next.config.ts", "@/lib/commerce/cart/cart"],
];

const allowed: Array<[string, string, string]> = [
  ["a domain importing one its line names", "lib/commerce/fixture.ts", "@/lib/scheduling/time"],
  ["a domain importing the platform", "lib/audit/fixture.ts", "@/lib/platform/db/client"],
  ["a platform part importing an earlier one", "lib/platform/events/fixture.ts", "@/lib/platform/outbox/outbox"],
  ["a reaction importing a domain", "lib/reactions/fixture.ts", "@/lib/notifications/email"],
  ["a test beside lib importing test/", "lib/commerce/fixture.test.ts", "@/test/database"],
  ["a test beside lib importing the app", "lib/commerce/fixture.test.ts", "@/app/layout"],
  ["a benchmark importing scripts/", "bench/fixture.ts", "@/scripts/ensure-chromium.mjs"],
  ["start-up importing the cache handler", "lib/wiring/fixture.ts", "@/cache-handler.mjs"],
  ["a reaction importing the cache handler", "lib/reactions/fixture.ts", "@/cache-handler.mjs"],
  ["Next's configuration importing the security headers", "next.config.ts", "@/lib/platform/security/headers"],
];

/** The same layers for the other ways of importing: no lazy import() or require() around them. */
const otherForms: Array<[string, string, string]> = [
  ["a domain importing the reactions lazily", "lib/commerce/fixture.ts", 'export const load = () => import("@/lib/reactions/table");'],
  ["a page requiring start-up", "app/fixture/page.tsx", 'export const start = () => require("@/lib/wiring/start");'],
  [
    "a domain re-exporting one its line does not name",
    "lib/scheduling/fixture.ts",
    'export { courseBySlug } from "@/lib/courses/queries";',
  ],
];

const unknownFolder = { filePath: "lib/new-folder/fixture.ts", source: "@/lib/platform/env" };

/** ESLint's messages for each { filePath, code }, with only the rules whose id starts with `rulePrefix` on. */
function lintCode(input: Array<{ filePath: string; code: string }>, rulePrefix = "boundaries/"): Promise<string[][]> {
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, [path.join(root, "test/lint-text.mjs"), rulePrefix], { cwd: root }, (error, stdout, stderr) =>
      error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(JSON.parse(stdout) as string[][]),
    );
    child.stdin?.end(JSON.stringify(input));
  });
}

let results: Map<string, string[]>;

beforeAll(async () => {
  const cases = [...refused, ...allowed].map(([name, filePath, source]) => ({ name, filePath, source }));
  const all = [...cases, { name: "unknown folder", ...unknownFolder }];
  const forms = otherForms.map(([name, filePath, code]) => ({ name, filePath: path.join(root, filePath), code: `${code}\n` }));
  const messages = await lintCode([
    ...all.map(({ filePath, source }) => ({ filePath: path.join(root, filePath), code: `import "${source}";\n` })),
    ...forms.map(({ filePath, code }) => ({ filePath, code })),
  ]);
  results = new Map([...all, ...forms].map(({ name }, i) => [name, messages[i] ?? []]));
}, 120_000);

describe("the layers refuse", () => {
  it.each(refused)("%s (%s imports %s)", (name) => {
    expect(results.get(name)).toEqual([expect.stringMatching(/^boundaries\/dependencies: There is no policy allowing/)]);
  });

  it.each(otherForms)("%s (%s: %s)", (name) => {
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

describe("import cycles", () => {
  // Two modules on disk that import each other (the rule follows imports through the files), in an
  // ignored folder so `eslint .` never sees them.
  const dir = path.join(root, ".data", `lint-cycle-${process.pid}`);
  beforeAll(async () => {
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, "a.ts"), 'import { b } from "./b";\nexport const a = () => b;\n');
    await writeFile(path.join(dir, "b.ts"), 'import { a } from "./a";\nexport const b = () => a;\n');
    await writeFile(path.join(dir, "c.ts"), 'import { b } from "./b";\nexport const c = () => b;\n');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("are refused: a module importing one that imports it back", async () => {
    const [cyclic, acyclic] = await lintCode(
      [
        { filePath: path.join(dir, "a.ts"), code: 'import { b } from "./b";\nexport const a = () => b;\n' },
        { filePath: path.join(dir, "c.ts"), code: 'import { b } from "./b";\nexport const c = () => b;\n' },
      ],
      "import-x/no-cycle",
    );
    expect(cyclic).toEqual([expect.stringMatching(/^import-x\/no-cycle: Dependency cycle detected/)]);
    // c imports b, which imports a, which imports b: a cycle c is not part of.
    expect(acyclic).toEqual([]);
  }, 120_000);
});
