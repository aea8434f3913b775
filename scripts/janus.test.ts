import { createHmac } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { janusConfigFiles, startJanus, type StartedJanus } from "./janus.mjs";

const signed = (secret: string, expiresAt: number) => {
  const data = `${Math.floor(expiresAt / 1000)},janus,janus.plugin.videoroom`;
  return `${data}:${createHmac("sha1", secret).update(data).digest("base64")}`;
};

async function createSession(url: string, token: string) {
  const response = await fetch(url, { method: "POST", body: JSON.stringify({ janus: "create", transaction: "t", token }) });
  return (await response.json()) as { janus: string; error?: { code: number } };
}

describe("the classroom's media server (scripts/janus.mjs)", () => {
  it("writes a loopback-only config with signed tokens, an admin key for rooms and string room ids", () => {
    const files = janusConfigFiles({
      dir: "/tmp/x",
      libDir: "/usr/lib/janus",
      port: 1234,
      tokenSecret: "t".repeat(20),
      adminKey: "a".repeat(20),
    });
    expect(files["janus.jcfg"]).toContain('ice_enforce_list = "lo"');
    expect(files["janus.jcfg"]).toContain("token_auth = true");
    expect(files["janus.transport.http.jcfg"]).toContain('ip = "127.0.0.1"');
    expect(files["janus.transport.http.jcfg"]).toContain("admin_http = false");
    expect(files["janus.plugin.videoroom.jcfg"]).toMatch(/admin_key = "a{20}"[\s\S]*string_ids = true/);
  });

  it("refuses a request without the app's signed token, and comes back on the same port with the same secrets after it dies", async () => {
    // JANUS_PID_FILE: where a test that kills the media server finds it (the e2e server's), each start's own.
    const pidFile = path.join(mkdtempSync(path.join(os.tmpdir(), "janus-pid-")), "janus.pid");
    const readPid = () => Number(readFileSync(pidFile, "utf8").trim());
    const started = await startJanus({
      env: { ...process.env, JANUS_PID_FILE: pidFile, JANUS_RESTART_DELAY_MS: "200" },
      log: () => undefined,
    });
    if (!started.url) throw new Error(`janus did not start: ${"reason" in started ? started.reason : ""}`);
    const janus = started as StartedJanus;
    try {
      const secret = janus.env.JANUS_TOKEN_SECRET;
      expect(await createSession(janus.url, signed(secret, Date.now() + 60_000))).toMatchObject({ janus: "success" });
      expect(await createSession(janus.url, signed("not-the-secret", Date.now() + 60_000))).toMatchObject({ error: { code: 403 } });
      expect(await createSession(janus.url, signed(secret, Date.now() - 1000))).toMatchObject({ error: { code: 403 } });

      const firstPid = janus.pid;
      expect(readPid()).toBe(firstPid);
      process.kill(firstPid, "SIGKILL");
      let answer: { janus: string } | null = null;
      for (let i = 0; i < 50 && answer?.janus !== "success"; i++) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        answer = await createSession(janus.url, signed(secret, Date.now() + 60_000)).catch(() => null);
      }
      expect(answer).toMatchObject({ janus: "success" });
      expect(janus.pid).not.toBe(firstPid);
      expect(readPid()).toBe(janus.pid);
    } finally {
      await janus.stop();
    }
  });
});
