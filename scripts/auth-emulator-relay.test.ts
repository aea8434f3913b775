import { mayChangeAccounts, oneAtATime } from "./auth-emulator-relay.mjs";

describe("which requests the relay writes the accounts after", () => {
  it("every request that may change an account, and no read or password sign-in", () => {
    const accounts = "/identitytoolkit.googleapis.com/v1/accounts";
    expect(mayChangeAccounts("POST", `${accounts}:signUp`)).toBe(true);
    expect(mayChangeAccounts("POST", `${accounts}:update`)).toBe(true);
    expect(mayChangeAccounts("POST", `${accounts}:delete`)).toBe(true);
    expect(mayChangeAccounts("POST", `${accounts}:signInWithIdp`)).toBe(true);
    expect(mayChangeAccounts("POST", "/identitytoolkit.googleapis.com/v1/projects/demo-x/accounts")).toBe(true);
    expect(mayChangeAccounts("DELETE", "/emulator/v1/projects/demo-x/accounts")).toBe(true);
    // A verification link's page applies its code.
    expect(mayChangeAccounts("GET", "/emulator/action")).toBe(true);

    expect(mayChangeAccounts("POST", `${accounts}:signInWithPassword`)).toBe(false);
    expect(mayChangeAccounts("POST", `${accounts}:lookup`)).toBe(false);
    expect(mayChangeAccounts("POST", "/identitytoolkit.googleapis.com/v1/projects/demo-x/accounts:query")).toBe(false);
    expect(mayChangeAccounts("POST", "/securetoken.googleapis.com/v1/token")).toBe(false);
    expect(mayChangeAccounts("GET", "/identitytoolkit.googleapis.com/v1/projects/demo-x/accounts:batchGet")).toBe(false);
  });
});

describe("writing the accounts one at a time", () => {
  it("runs a call made during a write after it, and one write for every call made meanwhile", async () => {
    const runs: Array<{ started: number; finished?: number }> = [];
    let clock = 0;
    let release = () => {};
    const write = oneAtATime(async () => {
      const run: { started: number; finished?: number } = { started: ++clock };
      runs.push(run);
      await new Promise<void>((resolve) => (release = resolve));
      run.finished = ++clock;
    });
    const first = write();
    await Promise.resolve();
    const second = write();
    const third = write();
    expect(runs).toHaveLength(1);
    release();
    await first;
    // The second write starts only once the first is over (it must see the changes made during it).
    await new Promise((resolve) => setImmediate(resolve));
    expect(runs).toHaveLength(2);
    expect(runs[1]!.started).toBeGreaterThan(runs[0]!.finished!);
    release();
    await Promise.all([second, third]);
    expect(runs).toHaveLength(2);
  });
});
