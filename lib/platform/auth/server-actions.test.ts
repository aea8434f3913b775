import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * A server action is a public endpoint: anyone can post to it, whatever page rendered it (STYLE:
 * "check access where the data is touched"). Every exported action must establish who acts before
 * anything else: requireActor(permission) for staff actions, getActor() handed to a service
 * that refuses a missing actor (the become-a-teacher application), or requireApiUser() for the
 * signed-in user's own account.
 *
 * A few actions are for signed-out visitors and have no actor to establish. They are named here,
 * each with the limit that must come first instead, so a new action cannot be public by accident:
 * anyone can call it as often as they like, and the per-address limit is what stops a script.
 * The demo time picker's and the status page's actions are keyed by an unguessable token instead
 * (a signed lead token, or a booking's random token): the call that checks the token comes first.
 */
const PUBLIC_ACTIONS: Record<string, RegExp> = {
  signUpAction: /^\s*await enforceRateLimit\(RATE_LIMITS\.signUp, /m,
  requestPasswordResetAction: /^\s*await enforceRateLimit\(RATE_LIMITS\.passwordReset, /m,
  resetPasswordAction: /^\s*await enforceRateLimit\(RATE_LIMITS\.passwordResetConfirm, /m,
  listSlotsAction: /\blistSlotsForLead\(/,
  bookSlotAction: /\bbookSlotForLead\(/,
  cancelDemoAction: /\bcancelDemo\(/,
  rescheduleSlotsAction: /\blistRescheduleSlots\(/,
  rescheduleDemoAction: /\brescheduleDemo\(/,
  rebookSlotsAction: /\blistRebookSlots\(/,
  rebookDemoAction: /\brebookDemo\(/,
  // A signed-out visitor's cart is their own cookie (section ids): nothing stored here, one open section read.
  // A child's session is refused first (it must not fill a cart): lib/platform/auth/current-user.ts.
  addToGuestCartAction: /^\s*await refuseLearnerSession\(\);/m,
  removeFromGuestCartAction: /^\s*await refuseLearnerSession\(\);/m,
  // A child's sign-in: its guesses are limited per address and per username before the secret is checked.
  learnerSignInAction: /\bawait signInLearner\(/,
  // The email preferences page's digest switch: keyed by the address's unguessable token, wrong ones limited per address.
  setWeeklyDigestAction: /^\s*await limitTokenGuesses\(/m,
  // The public pages' cart count: a visitor whose session has ended gets null, and reads nothing.
  // (app/header-actions.test.ts: signed out it answers null and reads nothing).
  readCartCountAction: /^\s*await getCurrentUser\(\);/m,
  // The demo form's signed-in parent (name, email, children): signed out or staff, null and nothing read.
  readDemoFormAccountAction: /^\s*await getCurrentUser\(\);/m,
};
const root = path.resolve(__dirname, "..", "..", "..");

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
  it("are found (the check below is not vacuous), the public ones included", () => {
    expect(actionFiles.length).toBeGreaterThanOrEqual(10);
    const names = actionFiles.flatMap((file) => exportedActions(readFileSync(file, "utf8")).map((action) => action.name));
    expect(names).toEqual(expect.arrayContaining(Object.keys(PUBLIC_ACTIONS)));
  });

  it.each(actionFiles.map((file) => [path.relative(root, file), file]))(
    "%s: every exported action establishes the actor",
    (_name, file) => {
      const source = readFileSync(file, "utf8");
      expect(source).not.toMatch(/^export (const|function) /m); // actions are async functions, so each is checked below
      const actions = exportedActions(source);
      expect(actions.length).toBeGreaterThan(0);
      for (const action of actions) {
        const publicLimit = PUBLIC_ACTIONS[action.name];
        // The check, or the public action's limit, before any other await: nothing is done for an unchecked caller.
        const firstAwait = /\bawait\b[^;]*;/.exec(action.body)?.[0] ?? "";
        const checksFirst = publicLimit
          ? publicLimit.test(`  ${firstAwait}`)
          : /\b(requireActor\(|getActor\(\)|requireApiUser\(\)|requireLearner\(\))/.test(firstAwait);
        expect({ action: action.name, checksFirst }).toEqual({ action: action.name, checksFirst: true });
      }
    },
  );
});
