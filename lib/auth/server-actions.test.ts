import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * A server action is a public endpoint: anyone can post to it, whatever page rendered it (STYLE:
 * "check access where the data is touched"). Every exported action must establish who acts before
 * anything else: requireActor(permission) for staff actions, or getActor() handed to a service
 * that refuses a missing actor (the become-a-teacher application).
 */
const root = path.resolve(__dirname, "..", "..");

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (/\.tsx?$/.test(entry.name) && !entry.name.includes(".test.")) yield full;
  }
}

const actionFiles = ["app", "lib", "components"]
  .flatMap((dir) => [...sourceFiles(path.join(root, dir))])
  .filter((file) => /^\s*["']use server["']/.test(readFileSync(file, "utf8")));

/** Each `export async function name(...) { body }` of a file, body up to the next export. */
function exportedActions(source: string): Array<{ name: string; body: string }> {
  const parts = source.split(/^export async function /m).slice(1);
  return parts.map((part) => ({ name: part.slice(0, part.indexOf("(")), body: part.split(/^export /m)[0] ?? "" }));
}

describe("server actions", () => {
  it("are found (the check below is not vacuous)", () => {
    expect(actionFiles.length).toBeGreaterThanOrEqual(5);
  });

  it.each(actionFiles.map((file) => [path.relative(root, file), file]))("%s: every exported action establishes the actor", (_name, file) => {
    const source = readFileSync(file, "utf8");
    expect(source).not.toMatch(/^export (const|function) /m); // actions are async functions, so each is checked below
    const actions = exportedActions(source);
    expect(actions.length).toBeGreaterThan(0);
    for (const action of actions) {
      expect({ action: action.name, checksActor: /\b(requireActor\(|getActor\(\))/.test(action.body) }).toEqual({ action: action.name, checksActor: true });
    }
  });
});
