import http from "node:http";

import { announceReadyAfterStartUp, ownAddress } from "./start-up-ready.mjs";

/**
 * "ready" was printed on listen, before Next ran instrumentation.ts (on its first request): a
 * failed start-up check came after it. A server whose first answer waits for slow start-up checks
 * stands in for Next here.
 */
function serverWithStartUp(checks: () => Promise<void>) {
  let started: Promise<void> | null = null;
  return http.createServer((_req, res) => {
    started ??= checks();
    void started.then(
      () => res.end("ok"),
      () => {
        res.statusCode = 500;
        res.end();
      },
    );
  });
}

async function listening(server: http.Server, host = "127.0.0.1") {
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return server;
}

describe("the ready line", () => {
  it("comes after the start-up checks and their log lines, not at listen", async () => {
    const lines: string[] = [];
    const server = await listening(
      serverWithStartUp(async () => {
        await new Promise((resolve) => setTimeout(resolve, 200));
        lines.push("[db] migrated and ready");
        lines.push("[auth] demo accounts ready");
      }),
    );
    try {
      const isReady = await announceReadyAfterStartUp(server, {
        path: "/api/v1/ip",
        readyLine: "[server] ready",
        log: (l) => lines.push(l),
      });
      expect(isReady).toBe(true);
      expect(lines).toEqual(["[db] migrated and ready", "[auth] demo accounts ready", "[server] ready"]);
    } finally {
      server.close();
    }
  });

  it("follows a failed check's error, and says the start-up failed when its answer is an error", async () => {
    const lines: string[] = [];
    const server = await listening(
      serverWithStartUp(async () => {
        lines.push("[db] could not open the database at start");
        throw new Error("no database");
      }),
    );
    try {
      await announceReadyAfterStartUp(server, {
        path: "/",
        readyLine: "[server] ready",
        log: (l) => lines.push(l),
        warn: (l) => lines.push(l),
      });
      expect(lines[0]).toBe("[db] could not open the database at start");
      expect(lines.indexOf("[server] ready")).toBeGreaterThan(0);
      expect(lines).toContain("[server] the start-up request answered 500: see the errors above");
    } finally {
      server.close();
    }
  });

  it("is not printed when the server cannot be reached", async () => {
    const lines: string[] = [];
    const server = await listening(http.createServer((req) => req.socket.destroy()));
    try {
      const isReady = await announceReadyAfterStartUp(server, {
        path: "/",
        readyLine: "[server] ready",
        log: (l) => lines.push(l),
        warn: (l) => lines.push(l),
      });
      expect(isReady).toBe(false);
      expect(lines).toEqual([expect.stringMatching(/^\[server\] the start-up request failed/)]);
    } finally {
      server.close();
    }
  });

  it("reaches a server listening on every interface through loopback", () => {
    expect(ownAddress({ address: "::", family: "IPv6", port: 3000 })).toEqual({ host: "::1", port: 3000 });
    expect(ownAddress({ address: "0.0.0.0", family: "IPv4", port: 3000 })).toEqual({ host: "127.0.0.1", port: 3000 });
    expect(ownAddress({ address: "127.0.0.1", family: "IPv4", port: 3000 })).toEqual({ host: "127.0.0.1", port: 3000 });
  });
});
