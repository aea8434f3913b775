import { mkdtemp, readdir, rm } from "node:fs/promises";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

import nodemailer from "nodemailer";

import { startMailServer, type RunningMailServer } from "./mail-server.mjs";

let dir: string;
let server: RunningMailServer;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "mail-server-test-"));
  server = await startMailServer({ dir });
});
afterAll(async () => {
  await server.stop();
  await rm(dir, { recursive: true, force: true });
});

/**
 * Opens a connection, says EHLO and MAIL FROM (a transaction has begun: smtp-server ignores resets
 * outside one), then resets it (RST), as a sender killed mid-message does.
 */
function resetMidTransaction(port: number): Promise<void> {
  const commands = ["EHLO reset.example\r\n", "MAIL FROM:<a@example.com>\r\n"];
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    let received = "";
    socket.on("error", reject);
    socket.on("data", (chunk) => {
      received += chunk.toString();
      // A reply is complete at a line "NNN text" (continuation lines are "NNN-text").
      if (!/^\d{3} .*\r\n$/m.test(received)) return;
      received = "";
      const next = commands.shift();
      if (next) socket.write(next);
      else {
        socket.resetAndDestroy();
        resolve();
      }
    });
  });
}

test("a sender that resets its connection mid-message does not stop the server: the next message is still kept", async () => {
  const errors = jest.spyOn(console, "error").mockImplementation(() => {});
  await resetMidTransaction(server.port);
  await new Promise((resolve) => setTimeout(resolve, 200));

  const transport = nodemailer.createTransport({ url: server.url });
  await transport.sendMail({ from: "a@example.com", to: "b@example.com", subject: "After the reset", text: "Still here." });
  transport.close();

  expect((await readdir(dir)).filter((name) => !name.startsWith("."))).toHaveLength(1);
  expect(errors).toHaveBeenCalledWith(expect.stringContaining("ECONNRESET"));
  errors.mockRestore();
});
