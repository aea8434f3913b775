// The embedded mail server (scripts/mail-server.mjs) in a child process of its own, for the benches
// that send real email: its parsing and file writes use the other core, and its CPU is not the bench's.
import { fork } from "node:child_process";
import path from "node:path";

/** Starts it on a free port, keeping messages in `dir`; resolves once it listens. */
export async function startMailServerProcess(dir: string): Promise<{ url: string; stop: () => void }> {
  const child = fork("--input-type=module", [], {
    execArgv: [
      "--input-type=module",
      "-e",
      `import { startMailServer } from ${JSON.stringify(path.resolve("scripts/mail-server.mjs"))};
         const server = await startMailServer({ dir: ${JSON.stringify(dir)} });
         process.send(server.url);`,
    ],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once("message", (message) => resolve(String(message)));
    child.once("exit", (code) => reject(new Error(`the mail server exited (${code})`)));
  });
  return { url, stop: () => child.kill() };
}
