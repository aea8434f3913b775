import { randomUUID } from "node:crypto";
import { cpSync, existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";

import { emulatorOwner, ensureAuthEmulator, findFreePortTriple, startAuthEmulator } from "./auth-emulator.mjs";

const root = path.resolve(__dirname, "..");

describe("the Auth Emulator's data folder", () => {
  const dataDir = ".data/test-emulator-export";
  afterAll(() => rmSync(path.join(root, dataDir), { recursive: true, force: true }));

  it("keeps accounts across restarts in the folder given relative to the project (not inside .data/)", async () => {
    rmSync(path.join(root, dataDir), { recursive: true, force: true });
    const signUp = async (host: string) =>
      fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=any`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "kept@example.com", password: "secret-12", returnSecureToken: true }),
      });
    const port = await findFreePortTriple(9400);
    const first = await startAuthEmulator({ port, projectId: "demo-export", dataDir });
    expect((await signUp(first.host)).status).toBe(200);
    await first.stop();
    expect(existsSync(path.join(root, dataDir, "firebase-export-metadata.json"))).toBe(true);

    const second = await startAuthEmulator({ port, projectId: "demo-export", dataDir });
    const again = await signUp(second.host);
    await second.stop();
    expect(again.status).toBe(400);
    expect(JSON.stringify(await again.json())).toContain("EMAIL_EXISTS");
  }, 300_000);
});

/**
 * The embedded default's emulator writes every account to its folder before it answers (the relay,
 * scripts/auth-emulator-relay.mjs): a crash of `npm start` loses none. And `npm start` uses only its
 * own checkout's emulator.
 */
describe("the embedded default's emulator", () => {
  const suffix = randomUUID().slice(0, 8);
  const dataDir = `.data/test-emulator-relay-${suffix}`;
  const copyDir = `${dataDir}-copy`;
  const otherDir = `${dataDir}-other`;
  const stops: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const stop of stops.reverse()) await stop();
    for (const dir of [dataDir, copyDir, otherDir]) rmSync(path.join(root, dir), { recursive: true, force: true });
  });
  const email = `relay.${suffix}@example.com`;
  const call = (host: string, method: string, body: object) =>
    fetch(`http://${host}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=any`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...body, returnSecureToken: true }),
    });
  let port = 0;

  it("has each account on disk when it answers, so an emulator started from the folder after a crash has it", async () => {
    port = await findFreePortTriple(9500);
    const first = await startAuthEmulator({ port, projectId: "demo-relay", dataDir });
    stops.push(first.stop);
    const signedUp = await call(first.host, "signUp", { email, password: "secret-1234" });
    expect(signedUp.status).toBe(200);
    const { localId } = (await signedUp.json()) as { localId: string };

    // What a kill -9 right now would leave: the folder as it is (copied, while the first one runs on).
    expect(readFileSync(path.join(root, dataDir, "auth_export", "accounts.json"), "utf8")).toContain(email);
    cpSync(path.join(root, dataDir), path.join(root, copyDir), { recursive: true });
    const second = await startAuthEmulator({ port: await findFreePortTriple(port + 3), projectId: "demo-relay", dataDir: copyDir });
    stops.push(second.stop);
    const signedIn = await call(second.host, "signInWithPassword", { email, password: "secret-1234" });
    expect(signedIn.status).toBe(200);
    expect(((await signedIn.json()) as { localId: string }).localId).toBe(localId);
  }, 300_000);

  it("is used when it is this checkout's, and another's on the port makes a start use a free port", async () => {
    const own = await ensureAuthEmulator({ port, projectId: "demo-relay", dataDir });
    expect(own).toMatchObject({ host: `127.0.0.1:${port}`, emulator: null });

    const other = await ensureAuthEmulator({ port, projectId: "demo-other", dataDir: otherDir });
    if (other.emulator) stops.push(other.emulator.stop);
    expect(other.emulator).not.toBeNull();
    expect(other.host).not.toBe(`127.0.0.1:${port}`);
    expect(await emulatorOwner(other.host)).toMatchObject({ projectId: "demo-other", dataDir: path.join(root, otherDir) });
    // Accounts made there are that checkout's alone.
    const otherEmail = `other.${suffix}@example.com`;
    expect((await call(other.host, "signUp", { email: otherEmail, password: "secret-1234" })).status).toBe(200);
    expect((await call(`127.0.0.1:${port}`, "signInWithPassword", { email: otherEmail, password: "secret-1234" })).status).toBe(400);
  }, 300_000);
});
