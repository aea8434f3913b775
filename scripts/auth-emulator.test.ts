import { existsSync, rmSync } from "node:fs";
import path from "node:path";

import { findFreePortTriple, startAuthEmulator } from "./auth-emulator.mjs";

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
  }, 120_000);
});
