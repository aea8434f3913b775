import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { devEnvironment } from "./dev-env.mjs";

/** Issue 9: `npm run dev` signs sessions with this checkout's own secret, as `npm start` does, not a public one. */
describe("the dev server's environment", () => {
  const roots: string[] = [];
  const checkout = () => {
    const root = mkdtempSync(path.join(tmpdir(), "dev-env-"));
    roots.push(root);
    return root;
  };
  afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

  it("gets the checkout's session secret, made once under .data/ and kept", () => {
    const root = checkout();
    const { env } = devEnvironment(root, {});
    const stored = readFileSync(path.join(root, ".data", "session-secret"), "utf8").trim();
    expect(env.NEXTAUTH_SECRET).toBe(stored);
    expect(stored.length).toBeGreaterThanOrEqual(32);
    expect(env.NEXTAUTH_SECRET).not.toBe("development-only-session-secret-do-not-use");
    // The next start keeps it (sessions survive a restart); another checkout gets its own.
    expect(devEnvironment(root, {}).env.NEXTAUTH_SECRET).toBe(stored);
    expect(devEnvironment(checkout(), {}).env.NEXTAUTH_SECRET).not.toBe(stored);
  });

  it("keeps a configured secret and the embedded identity defaults", () => {
    const configured = "a-configured-secret-of-at-least-32-characters";
    const { env, port } = devEnvironment(checkout(), { NEXTAUTH_SECRET: configured, PORT: "3999" });
    expect(env.NEXTAUTH_SECRET).toBe(configured);
    expect(port).toBe("3999");
    expect(env).toMatchObject({ APP_URL: "http://localhost:3999", NEXTAUTH_URL: "http://localhost:3999" });
    expect(env.FIREBASE_AUTH_EMULATOR_HOST).toMatch(/^127\.0\.0\.1:\d+$|^localhost:\d+$/);
  });
});
