import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * The Identity Toolkit calls reuse kept-alive connections, and a server may close one just as it is
 * reused (the Auth Emulator does after 5 s idle): undici then fails the POST with "other side closed"
 * and retries only GETs itself. Such a call is sent once more on a new connection, not failed; a
 * server that keeps closing still ends in the unavailable error.
 */
describe("Identity Toolkit calls over a connection the server closes unanswered", () => {
  let server: http.Server;
  /** How many requests the server closes before it answers one. */
  let closeFirst = 0;
  let received = 0;

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      received += 1;
      if (received <= closeFirst) {
        request.socket.destroy();
        return;
      }
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify({ idToken: "token", localId: `user-${received}` }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => (received = 0));

  async function toolkitAtServer() {
    const { port } = server.address() as AddressInfo;
    const previous = process.env.FIREBASE_AUTH_EMULATOR_HOST;
    process.env.FIREBASE_AUTH_EMULATOR_HOST = `127.0.0.1:${port}`;
    try {
      let toolkit!: typeof import("./identity-toolkit");
      jest.isolateModules(() => {
        toolkit = require("./identity-toolkit");
      });
      return toolkit;
    } finally {
      process.env.FIREBASE_AUTH_EMULATOR_HOST = previous;
    }
  }

  it("sends the POST once more and answers with the second try", async () => {
    closeFirst = 1;
    const toolkit = await toolkitAtServer();
    await expect(toolkit.signInWithPassword("a@example.com", "password-1")).resolves.toMatchObject({ localId: "user-2" });
    expect(received).toBe(2);
  });

  it("gives up after the second try with the identity service's unavailable error", async () => {
    closeFirst = 5;
    const toolkit = await toolkitAtServer();
    jest.spyOn(console, "error").mockImplementation(() => undefined);
    await expect(toolkit.signInWithPassword("a@example.com", "password-1")).rejects.toMatchObject({ code: "IDENTITY_UNAVAILABLE" });
    expect(received).toBe(2);
  });
});
